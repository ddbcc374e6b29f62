import type { DB } from '@server/db/connect';
import type { AppDeps } from '@server/deps';
import { enrolledImagesByUser } from './face-image-urls';
import { type FaceMatch, findEnrolledFace, lockFaceRegistry } from './face-search';

/**
 * One face, one account without locking anyone out (issue 34). A new face (a registration, a face change) close to
 * another account's is not refused: the account waits, a collision row records both accounts and the distance, and
 * the department's teacher or an admin decides (accounts/face-collision-decisions.ts).
 */

export interface CollisionRecord {
  /** the account that waits: the new registration, or the student whose face change collided */
  userId: number;
  faceChangeId: number | null;
  match: FaceMatch;
  email: string;
  username: string;
  ip: string | null;
  now: string;
}

/**
 * Call inside the transaction that then writes the face: the registry lock makes the search and the write one step
 * for every node, so two uploads of one face at the same moment cannot both find nothing.
 */
export async function searchBeforeEnrolling(
  trx: DB,
  deps: Pick<AppDeps, 'config'> & Partial<Pick<AppDeps, 'faceIndex'>>,
  mean: Float32Array,
  excludeUserId?: number,
) {
  await lockFaceRegistry(trx);
  return findEnrolledFace({ db: trx, config: deps.config, faceIndex: deps.faceIndex }, mean, { excludeUserId });
}

export async function recordCollision(trx: DB, c: CollisionRecord): Promise<void> {
  await trx
    .insertInto('duplicate_faces')
    .values({
      kind: c.faceChangeId === null ? 'registration' : 'face_change',
      user_id: c.userId,
      face_change_id: c.faceChangeId,
      email: c.email,
      username: c.username,
      matched_user_id: c.match.user_id,
      distance: c.match.distance,
      ip: c.ip,
      created_at: c.now,
    })
    .execute();
}

/**
 * The collisions that still hold something back: undecided, the registration still pending (or the face change still
 * waiting), and the account it looks like still in the search (active or pending). Once that one is rejected or
 * deleted the collision is cleared and holds nothing.
 */
export function openCollisionsQuery(db: DB) {
  return db
    .selectFrom('duplicate_faces as d')
    .innerJoin('users as m', 'm.id', 'd.matched_user_id')
    .innerJoin('users as w', 'w.id', 'd.user_id')
    .leftJoin('face_changes as c', 'c.id', 'd.face_change_id')
    .where('d.decision', 'is', null)
    .where('m.status', 'in', ['active', 'pending'])
    .where((eb) =>
      eb.or([
        eb.and([eb('d.kind', '=', 'registration'), eb('w.status', '=', 'pending')]),
        eb.and([eb('d.kind', '=', 'face_change'), eb('c.status', '=', 'pending')]),
      ]),
    );
}

type ViewDeps = Pick<AppDeps, 'db' | 'clock' | 'urls' | 'config'>;

/**
 * The open collisions of these waiting accounts (registrations) or face changes, as the deciding teacher sees them:
 * the other account's name, status and enrolled photos beside the waiting ones, and the distance.
 */
export async function openCollisionViews(deps: ViewDeps, of: { userIds?: number[]; faceChangeIds?: number[] }) {
  const userIds = of.userIds ?? [];
  const changeIds = of.faceChangeIds ?? [];
  if (!userIds.length && !changeIds.length) return [];
  let q = openCollisionsQuery(deps.db)
    .select([
      'd.id',
      'd.user_id',
      'd.face_change_id',
      'd.distance',
      'd.created_at',
      'm.id as other_id',
      'm.username as other_username',
      'm.status as other_status',
    ])
    .orderBy('d.id', 'desc');
  q = changeIds.length ? q.where('d.face_change_id', 'in', changeIds) : q.where('d.user_id', 'in', userIds).where('d.kind', '=', 'registration');
  const rows = await q.execute();
  const images = await enrolledImagesByUser(deps, [...new Set(rows.map((r) => r.other_id))]);
  return rows.map((r) => ({
    id: r.id,
    user_id: r.user_id!,
    face_change_id: r.face_change_id,
    distance: r.distance,
    created_at: r.created_at,
    other: { id: r.other_id, username: r.other_username, status: r.other_status, image_urls: images.get(r.other_id)?.image_urls ?? [] },
  }));
}

export type CollisionView = Awaited<ReturnType<typeof openCollisionViews>>[number];

/** The newest open collision of each waiting account (a registration), keyed by account. */
export async function openCollisionByUser(deps: ViewDeps, userIds: number[]): Promise<Map<number, CollisionView>> {
  const byUser = new Map<number, CollisionView>();
  for (const c of await openCollisionViews(deps, { userIds })) if (!byUser.has(c.user_id)) byUser.set(c.user_id, c);
  return byUser;
}

/** The newest open collision of each face change, keyed by change. */
export async function openCollisionByChange(deps: ViewDeps, changeIds: number[]) {
  const byChange = new Map<number, CollisionView>();
  for (const c of await openCollisionViews(deps, { faceChangeIds: changeIds }))
    if (c.face_change_id !== null && !byChange.has(c.face_change_id)) byChange.set(c.face_change_id, c);
  return byChange;
}
