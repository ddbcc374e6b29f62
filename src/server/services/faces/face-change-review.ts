import { type AuthUser, decidedForByCaller, decidesFor } from '@server/auth/authenticate';
import { MSG } from '@shared/messages';
import type { TDecideFaceChangeInput } from '@shared/schemas/faces/face-changes';
import type { Transaction } from 'kysely';
import type { Database } from '@server/db/schema';
import type { AppDeps } from '@server/deps';
import { deserializeDescriptor } from '@server/face/index';
import { DomainError } from '@server/lib/errors';
import { openCollisionByChange, recordCollision, searchBeforeEnrolling } from './face-collisions';
import { meanDistance, replaceEnrollment } from './face-changes';
import { enrolledImagesByUser, faceChangeImagesByChange } from './face-image-urls';
import { identityThreshold } from './face-search';
import { removeStoredImages } from './face-image-files';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'urls' | 'config' | 'faceIndex'>;
type Trx = Transaction<Database>;

/** How the new photos compare with the enrolled ones, in the words the approval view shows. */
function comparison(deps: Pick<Deps, 'config'>, distance: number | null) {
  if (distance === null) return { same_person: null, verdict: MSG.faceChange.noEnrolledFace };
  const same = distance <= identityThreshold(deps.config);
  return { same_person: same, verdict: same ? MSG.faceChange.samePerson : MSG.faceChange.notSamePerson };
}

/**
 * Issue 36: the identity measurement the face check makes, on the new photos: each photo's descriptor against the
 * enrolled mean, at FACE_THRESHOLD. They match only when every photo does (and their mean too): a mean of three
 * photos of another man can sit closer than any of them. `identity_distance` is the farthest photo's distance.
 */
function photoIdentity(deps: Pick<Deps, 'config'>, enrolledMean: Buffer | null | undefined, meanDistanceOfChange: number | null, embeddings: Buffer[]) {
  const threshold = identityThreshold(deps.config);
  const distances = embeddings.map((e) => meanDistance(deserializeDescriptor(e), enrolledMean));
  if (distances.length === 0 || distances.some((d) => d === null)) return { threshold, identity_distance: null, ...comparison(deps, meanDistanceOfChange) };
  const farthest = Math.max(...(distances as number[]), meanDistanceOfChange ?? 0);
  const same = farthest <= threshold;
  return {
    threshold,
    identity_distance: Math.round(farthest * 1e4) / 1e4,
    same_person: same,
    verdict: same ? MSG.faceChange.samePerson : MSG.faceChange.notSamePerson,
  };
}

/** Pending face changes with the enrolled and the new photos side by side: a teacher's department, or all for an admin. */
export async function listPendingFaceChanges(deps: Deps, caller: AuthUser) {
  const q = deps.db
    .selectFrom('face_changes as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .select(['c.id', 'c.requested_at', 'c.distance', 'u.id as student_id', 'u.username', 'u.email', 'd.name as department_name'])
    .where('c.status', '=', 'pending')
    .where('u.status', '!=', 'inactive')
    .where(decidedForByCaller(caller));
  const rows = await q.orderBy('c.requested_at').orderBy('c.id').execute();
  const enrolled = await enrolledImagesByUser(
    deps,
    rows.map((r) => r.student_id),
  );
  const fresh = await faceChangeImagesByChange(
    deps,
    rows.map((r) => r.id),
  );
  const collisions = await openCollisionByChange(
    deps,
    rows.map((r) => r.id),
  );
  const ids = rows.map((r) => r.id);
  const embeddings = ids.length
    ? await deps.db.selectFrom('face_change_images').select(['change_id', 'embedding']).where('change_id', 'in', ids).orderBy('id').execute()
    : [];
  const studentIds = [...new Set(rows.map((r) => r.student_id))];
  const means = studentIds.length
    ? await deps.db.selectFrom('face_templates').select(['user_id', 'mean_embedding']).where('user_id', 'in', studentIds).execute()
    : [];
  const meanOf = new Map(means.map((m) => [m.user_id, m.mean_embedding]));
  return rows.map((r) => ({
    id: r.id,
    requested_at: r.requested_at,
    student: { id: r.student_id, username: r.username, email: r.email, department: r.department_name },
    old_images: enrolled.get(r.student_id)?.image_urls ?? [],
    new_images: fresh.get(r.id) ?? [],
    distance: r.distance,
    ...photoIdentity(
      deps,
      meanOf.get(r.student_id),
      r.distance,
      embeddings.filter((e) => e.change_id === r.id).map((e) => e.embedding),
    ),
    collision: collisions.get(r.id) ?? null,
  }));
}

/**
 * Approves or declines a pending face change in one transaction. Approval searches the other accounts again (one
 * may have enrolled this face since the request): new photos close to another account's are approved only once the
 * collision is decided as different people (twins, lookalikes); an undecided one is refused, and a match that has no
 * collision yet gets one (committed) before the refusal. Either way the photos no longer in use are removed after
 * commit.
 */
export async function decideFaceChange(deps: Deps, caller: AuthUser, input: TDecideFaceChangeInput) {
  const result = await deps.db.transaction().execute((trx) => decideFaceChangeIn(deps, trx, caller, input));
  if (result.status === 'collided') throw new DomainError('CONFLICT', MSG.duplicateFace.decideFirst, { errorCode: 'face_collision_open' });
  await removeStoredImages(deps.config.uploadsDir, result.removeAfterCommit);
  return { success: true as const, status: result.status, message: result.status === 'approved' ? MSG.faceChange.approved : MSG.faceChange.declined };
}

/** decideFaceChange inside the caller's transaction (a collision's decision applies the change in its own). */
export async function decideFaceChangeIn(deps: Omit<Deps, 'db'>, trx: Trx, caller: AuthUser, input: TDecideFaceChangeInput) {
  const change = await trx
    .selectFrom('face_changes as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.user_id', 'c.status', 'c.mean_embedding', 'c.model', 'c.distance', 'u.role', 'u.department_id', 'u.username', 'u.email'])
    .where('c.id', '=', input.change_id)
    .executeTakeFirst();
  if (!change) throw new DomainError('NOT_FOUND', MSG.faceChange.notFound);
  if (!decidesFor(caller, change)) throw new DomainError('FORBIDDEN', MSG.faceChange.forbidden);
  if (change.status !== 'pending') throw new DomainError('CONFLICT', MSG.faceChange.alreadyDecided, { errorCode: 'face_change_decided' });
  const now = deps.clock.now().toISOString();
  const images = await trx.selectFrom('face_change_images').select(['image_path', 'embedding']).where('change_id', '=', change.id).orderBy('id').execute();
  const approve = input.decision === 'approve';
  if (approve) {
    if (!change.mean_embedding || images.length === 0) throw new DomainError('CONFLICT', MSG.faceChange.alreadyDecided, { errorCode: 'face_change_decided' });
    const match = await searchBeforeEnrolling(trx, deps, deserializeDescriptor(change.mean_embedding), change.user_id);
    if (match && !(await decidedDifferent(trx, change.id, match.user_id))) {
      const open = await trx
        .selectFrom('duplicate_faces')
        .select('id')
        .where('face_change_id', '=', change.id)
        .where('matched_user_id', '=', match.user_id)
        .executeTakeFirst();
      if (open) throw new DomainError('CONFLICT', MSG.duplicateFace.decideFirst, { errorCode: 'face_collision_open' });
      await recordCollision(trx, { userId: change.user_id, faceChangeId: change.id, match, email: change.email, username: change.username, ip: null, now });
      return { status: 'collided' as const, removeAfterCommit: [] };
    }
    // Issue 36: photos that do not match are approved only when the decider says so.
    if (input.confirm_mismatch !== true) {
      const enrolled = await trx.selectFrom('face_templates').select('mean_embedding').where('user_id', '=', change.user_id).executeTakeFirst();
      const identity = photoIdentity(
        deps,
        enrolled?.mean_embedding,
        change.distance,
        images.map((i) => i.embedding),
      );
      if (identity.same_person === false) {
        throw new DomainError('CONFLICT', MSG.faceChangeVerdict.mismatchUnconfirmed, { errorCode: 'face_mismatch_unconfirmed' });
      }
    }
  }
  const status = approve ? ('approved' as const) : ('declined' as const);
  // Conditional on still pending, so two deciders at once cannot both win.
  const marked = await trx
    .updateTable('face_changes')
    .set({ status, decided_by: caller.id, decided_at: now, note: input.note || null })
    .where('id', '=', change.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) !== 1) throw new DomainError('CONFLICT', MSG.faceChange.alreadyDecided, { errorCode: 'face_change_decided' });
  if (status === 'declined') return { status, removeAfterCommit: images.map((i) => i.image_path) };
  return { status, removeAfterCommit: await replaceEnrollment(trx, change.user_id, images, change.mean_embedding!, change.model, now) };
}

/** Whether this change's collision with that account was decided as two different people (twins or lookalikes). */
async function decidedDifferent(trx: Trx, changeId: number, otherId: number) {
  const row = await trx
    .selectFrom('duplicate_faces')
    .select('id')
    .where('face_change_id', '=', changeId)
    .where('matched_user_id', '=', otherId)
    .where('decision', 'in', ['twins', 'lookalikes'])
    .executeTakeFirst();
  return row !== undefined;
}

/** Every face change of one user, newest first, with who requested and decided it: the user's teacher, or an admin. */
export async function faceChangeHistory(deps: Deps, caller: AuthUser, userId: number) {
  const user = await deps.db.selectFrom('users').select(['id', 'role', 'department_id']).where('id', '=', userId).executeTakeFirst();
  if (!user) throw new DomainError('NOT_FOUND', MSG.admin.userNotFound);
  if (!decidesFor(caller, user)) throw new DomainError('FORBIDDEN', MSG.faceChange.historyForbidden);
  const rows = await deps.db
    .selectFrom('face_changes as c')
    .leftJoin('users as r', 'r.id', 'c.requested_by')
    .leftJoin('users as d', 'd.id', 'c.decided_by')
    .select(['c.id', 'c.status', 'c.requested_at', 'c.decided_at', 'c.distance', 'c.note'])
    .select(['r.id as requested_by_id', 'r.username as requested_by_name', 'r.role as requested_by_role'])
    .select(['d.id as decided_by_id', 'd.username as decided_by_name', 'd.role as decided_by_role'])
    .where('c.user_id', '=', userId)
    .orderBy('c.requested_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute();
  const who = (id: number | null, username: string | null, role: string | null) => (id === null ? null : { id, username, role });
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    requested_at: r.requested_at,
    requested_by: who(r.requested_by_id, r.requested_by_name, r.requested_by_role),
    decided_at: r.decided_at,
    decided_by: who(r.decided_by_id, r.decided_by_name, r.decided_by_role),
    distance: r.distance,
    note: r.note,
    ...comparison(deps, r.distance),
  }));
}
