import { NOTICES_LISTED } from '@shared/constants';
import { EMAIL_ONLY_KINDS, type NoticeParams } from '@shared/notices/notice-kinds';
import type { AuthUser } from '@server/auth/authenticate';
import type { AppDeps } from '@server/deps';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** The bell: the user's unread count and their newest notices (their facts; the client words them). */
export async function myNotices(deps: Deps, user: AuthUser) {
  const [rows, unread] = await Promise.all([
    deps.db
      .selectFrom('notices')
      .select(['id', 'params', 'created_at', 'read_at'])
      .where('user_id', '=', user.id)
      .where('kind', 'not in', EMAIL_ONLY_KINDS)
      .orderBy('id', 'desc')
      .limit(NOTICES_LISTED)
      .execute(),
    deps.db
      .selectFrom('notices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.id)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    unread: Number(unread.n),
    notices: rows.map((r) => ({ id: r.id, notice: JSON.parse(r.params) as NoticeParams, created_at: r.created_at, read: r.read_at !== null })),
  };
}

/** Marks the user's own notices read: the ones given, or all of them. Another user's ids are ignored. */
export async function markNoticesRead(deps: Deps, user: AuthUser, ids: number[] | 'all') {
  let q = deps.db.updateTable('notices').set({ read_at: deps.clock.now().toISOString() }).where('user_id', '=', user.id).where('read_at', 'is', null);
  if (ids !== 'all') q = q.where('id', 'in', ids.length ? ids : [-1]);
  const result = await q.executeTakeFirst();
  return { marked: Number(result.numUpdatedRows) };
}
