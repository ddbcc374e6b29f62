import { MSG } from '../../../shared/messages';
import type { TDuplicateFacesPage } from '../../../shared/schemas/admin';
import type { AuthUser } from '../../auth/authenticate';
import type { AppDeps } from '../../deps';
import { DomainError } from '../../lib/errors';
import { enrolledImagesByUser } from './face-images';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'urls' | 'config'>;

/**
 * The registrations refused because their face is already enrolled (admins only: the edges check the role), newest
 * first: who tried, when, how close, the account they matched with its enrolled photos (signed URLs) to compare, and
 * what became of the admin's allowance.
 */
export async function listDuplicateFaces(deps: Deps, page: TDuplicateFacesPage) {
  const [rows, total] = await Promise.all([
    deps.db
      .selectFrom('duplicate_faces as d')
      .leftJoin('users as m', 'm.id', 'd.matched_user_id')
      .leftJoin('users as a', 'a.id', 'd.allowed_by')
      .leftJoin('users as u', 'u.id', 'd.used_by_user_id')
      .select(['d.id', 'd.email', 'd.username', 'd.created_at', 'd.distance', 'd.ip', 'd.allowed_at', 'd.used_at'])
      .select(['m.id as matched_id', 'm.username as matched_username', 'm.email as matched_email', 'm.role as matched_role', 'm.status as matched_status'])
      .select(['a.username as allowed_by_username', 'u.id as used_by_id', 'u.username as used_by_username', 'u.email as used_by_email'])
      .orderBy('d.created_at', 'desc')
      .orderBy('d.id', 'desc')
      .limit(page.limit)
      .offset((page.page - 1) * page.limit)
      .execute(),
    deps.db
      .selectFrom('duplicate_faces')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const images = await enrolledImagesByUser(deps, [...new Set(rows.flatMap((r) => (r.matched_id === null ? [] : [r.matched_id])))]);
  const data = rows.map((r) => ({
    id: r.id,
    email: r.email,
    username: r.username,
    created_at: r.created_at,
    distance: r.distance,
    ip: r.ip,
    matched:
      r.matched_id === null
        ? null
        : {
            id: r.matched_id,
            username: r.matched_username!,
            email: r.matched_email!,
            role: r.matched_role!,
            status: r.matched_status!,
            image_urls: images.get(r.matched_id)?.image_urls ?? [],
          },
    state: r.used_at ? ('used' as const) : r.allowed_at ? ('allowed' as const) : ('waiting' as const),
    // An allowance outlives its admin's account: then the name is gone but the time stays.
    allowed_at: r.allowed_at,
    allowed_by: r.allowed_by_username ?? null,
    used_at: r.used_at,
    used_by: r.used_by_id === null ? null : { id: r.used_by_id, username: r.used_by_username!, email: r.used_by_email! },
  }));
  return { data, total_records: Number(total.n), current_page: page.page };
}

/**
 * An admin who has compared the photos (twins) lets the next registration with this email whose face matches the
 * same account through, once. Deciding twice is refused: an allowance is a single decision, kept as made.
 */
export async function allowDuplicateFace(deps: Pick<AppDeps, 'db' | 'clock'>, admin: AuthUser, id: number) {
  const now = deps.clock.now().toISOString();
  const r = await deps.db
    .updateTable('duplicate_faces')
    .set({ allowed_by: admin.id, allowed_at: now })
    .where('id', '=', id)
    .where('allowed_at', 'is', null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 1) return { success: true as const, message: MSG.duplicateFace.allowed, allowed_at: now };
  const exists = await deps.db.selectFrom('duplicate_faces').select('id').where('id', '=', id).executeTakeFirst();
  if (!exists) throw new DomainError('NOT_FOUND', MSG.server.notFound);
  throw new DomainError('CONFLICT', MSG.duplicateFace.alreadyAllowed, { errorCode: 'already_allowed' });
}
