import { MSG } from '@shared/messages';
import type { AuthUser } from '@server/auth/authenticate';
import type { DB } from '@server/db/connect';
import type { AppDeps } from '@server/deps';
import { DomainError } from '@server/lib/errors';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/**
 * Rejects pending students in one transaction: each becomes inactive (so never listed as pending again and never let
 * in) with a rejection row holding the optional reason. A teacher may reject only students of their own department,
 * and, as with approval, only accounts still pending.
 */
export async function rejectStudents(deps: Deps, caller: AuthUser, input: { user_ids: number[]; reason: string | null }) {
  const ids = [...new Set(input.user_ids)];
  const now = deps.clock.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const users = await trx.selectFrom('users').select(['id', 'role', 'department_id', 'status']).where('id', 'in', ids).execute();
    if (users.length !== ids.length) throw new DomainError('NOT_FOUND', MSG.attendance.studentNotFound);
    if (users.some((u) => u.status !== 'pending')) throw new DomainError('CONFLICT', MSG.attendance.notPending);
    const own = users.every(
      (u) => u.role === 'student' && (caller.role === 'admin' || (caller.department_id !== null && u.department_id === caller.department_id)),
    );
    if (!own) throw new DomainError('FORBIDDEN', MSG.attendance.approveForbidden);
    await reject(trx, ids, { reason: input.reason, rejected_by: caller.id, rejected_at: now });
    return { message: MSG.reject.done(ids.length), rejected: ids.length };
  });
}

/** Inside the caller's transaction: the accounts become inactive (out of the face search at once) with the rejection. */
export async function reject(trx: DB, ids: number[], row: { reason: string | null; rejected_by: number; rejected_at: string }) {
  await trx
    .updateTable('users')
    .set((eb) => ({ status: 'inactive', token_version: eb('token_version', '+', 1) }))
    .where('id', 'in', ids)
    .execute();
  await trx
    .insertInto('student_rejections')
    .values(ids.map((user_id) => ({ user_id, ...row })))
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
}

/** The rejection of an inactive account, if it was one: what its login refusal tells the student. */
export async function rejectionOf(db: DB, userId: number) {
  return db.selectFrom('student_rejections').select(['reason', 'rejected_at']).where('user_id', '=', userId).executeTakeFirst();
}
