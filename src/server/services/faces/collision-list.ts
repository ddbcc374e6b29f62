import type { TDuplicateFacesPage } from '@shared/schemas/admin';
import type { AppDeps } from '@server/deps';
import { enrolledImagesByUser, faceChangeImagesByChange } from './face-image-urls';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'urls' | 'config'>;

const SEARCHED = new Set(['active', 'pending']);

/**
 * Every face collision, newest first (admins only: the edges check the role): who waits (a registration or a face
 * change) and whom they look like, both accounts' photos, the distance, and how it was decided, by whom and when.
 * Rows from before collisions waited for a teacher (refused registrations, an admin's allowance) are listed as such.
 */
export async function listDuplicateFaces(deps: Deps, page: TDuplicateFacesPage) {
  const [rows, total] = await Promise.all([
    deps.db
      .selectFrom('duplicate_faces as d')
      .leftJoin('users as w', 'w.id', 'd.user_id')
      .leftJoin('users as m', 'm.id', 'd.matched_user_id')
      .leftJoin('users as by', 'by.id', 'd.decided_by')
      .leftJoin('users as a', 'a.id', 'd.allowed_by')
      .leftJoin('face_changes as c', 'c.id', 'd.face_change_id')
      .select(['d.id', 'd.kind', 'd.email', 'd.username', 'd.created_at', 'd.distance', 'd.ip', 'd.face_change_id', 'd.decision', 'd.decided_at'])
      .select([
        'd.user_id',
        'd.allowed_at',
        'd.used_at',
        'w.id as waiting_id',
        'w.username as waiting_username',
        'w.email as waiting_email',
        'w.status as waiting_status',
        'c.status as change_status',
      ])
      .select(['m.id as matched_id', 'm.username as matched_username', 'm.email as matched_email', 'm.role as matched_role', 'm.status as matched_status'])
      .select(['by.username as decided_by_username', 'a.username as allowed_by_username'])
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
  // A turned-away (inactive) account's photos are not served to anyone (face-image-urls.ts): no URL that would not load.
  const visible = (id: number | null, status: string | null) => (id !== null && status !== 'inactive' ? [id] : []);
  const accountIds = rows.flatMap((r) => [
    ...visible(r.matched_id, r.matched_status),
    ...(r.face_change_id === null ? visible(r.waiting_id, r.waiting_status) : []),
  ]);
  const images = await enrolledImagesByUser(deps, [...new Set(accountIds)]);
  const changeImages = await faceChangeImagesByChange(
    deps,
    rows.flatMap((r) => (r.face_change_id === null ? [] : [r.face_change_id])),
  );
  const data = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    email: r.email,
    username: r.username,
    created_at: r.created_at,
    distance: r.distance,
    ip: r.ip,
    waiting:
      r.waiting_id === null
        ? null
        : {
            id: r.waiting_id,
            username: r.waiting_username!,
            email: r.waiting_email!,
            status: r.waiting_status!,
            // A face change's collision is about its new photos, not the enrolled ones they would replace.
            image_urls: r.face_change_id === null ? (images.get(r.waiting_id)?.image_urls ?? []) : (changeImages.get(r.face_change_id) ?? []),
          },
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
    state: stateOf(r),
    decided_by: r.decided_by_username ?? null,
    decided_at: r.decided_at,
    allowed_by: r.allowed_by_username ?? null,
  }));
  return { data, total_records: Number(total.n), current_page: page.page };
}

/** What became of a collision; without a decision, whether it still holds its account back. */
function stateOf(r: {
  kind: 'refused' | 'registration' | 'face_change';
  decision: 'twins' | 'lookalikes' | 'same_person' | null;
  waiting_status: string | null;
  change_status: string | null;
  matched_status: string | null;
  allowed_at: string | null;
  used_at: string | null;
}) {
  if (r.kind === 'refused') return r.used_at ? ('used' as const) : r.allowed_at ? ('allowed' as const) : ('refused' as const);
  if (r.decision) return r.decision;
  if (r.matched_status === null || !SEARCHED.has(r.matched_status)) return 'cleared' as const;
  const stillWaits = r.kind === 'registration' ? r.waiting_status === 'pending' : r.change_status === 'pending';
  return stillWaits ? ('waiting' as const) : ('closed' as const);
}
