import type { Transaction } from 'kysely';
import { MSG } from '@shared/messages';
import type { AuthUser } from '@server/auth/authenticate';
import type { Database } from '@server/db/schema';
import type { AppDeps } from '@server/deps';
import { deserializeDescriptor, type FaceTemplate, serializeDescriptor } from '@server/face/index';
import { DomainError } from '@server/lib/errors';
import { recordCollision, searchBeforeEnrolling } from './face-collisions';
import type { FaceMatch } from './face-search';

type Deps = Pick<AppDeps, 'db' | 'config' | 'clock'> & Partial<Pick<AppDeps, 'faceIndex'>>;
type Trx = Transaction<Database>;

/** A change's photos are stored as `change-<n>-<random>.jpg` beside the enrolled `<n>-<random>.jpg`. */
export const FACE_CHANGE_IMAGE_PREFIX = 'change-';

/** Euclidean distance between two means, or null when there is no enrolled one (or it came from another model). */
export function meanDistance(mean: Float32Array, enrolled: Buffer | null | undefined): number | null {
  if (!enrolled || enrolled.length !== mean.length * 4) return null;
  const old = deserializeDescriptor(enrolled);
  let s = 0;
  for (let i = 0; i < mean.length; i++) s += (mean[i] - old[i]) ** 2;
  return Math.sqrt(s);
}

/**
 * One face, one account, for an admin's own change (applied at once): a face matching another account's is refused
 * with that account named, unless the admin has checked they are different people (twins), which the returned note
 * records. Everyone else's change waits for a teacher, who decides a collision (recordFaceChange).
 */
async function assertAdminMayApply(match: FaceMatch | null, trx: Trx, allowSameFace: boolean) {
  if (!match) return null;
  const other = await trx.selectFrom('users').select(['username', 'email']).where('id', '=', match.user_id).executeTakeFirstOrThrow();
  if (!allowSameFace) throw new DomainError('CONFLICT', MSG.faceChange.duplicateForAdmin(other.username, other.email), { errorCode: 'duplicate_face' });
  return MSG.faceChange.allowedSameFace(other.username, other.email);
}

/** Replaces the user's enrollment rows and template inside `trx`; returns the old image paths to remove after commit. */
export async function replaceEnrollment(
  trx: Trx,
  userId: number,
  images: { image_path: string; embedding: Buffer }[],
  mean: Buffer,
  model: string,
  at: string,
) {
  const old = await trx.selectFrom('face_enrollments').select('image_path').where('user_id', '=', userId).execute();
  await trx.deleteFrom('face_enrollments').where('user_id', '=', userId).execute();
  await trx
    .insertInto('face_enrollments')
    .values(images.map((img) => ({ user_id: userId, image_path: img.image_path, captured_at: at, embedding: img.embedding })))
    .execute();
  const values = { mean_embedding: mean, model, updated_at: at };
  await trx
    .insertInto('face_templates')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
  return old.map((r) => r.image_path);
}

export interface NewFacePhotos {
  template: FaceTemplate;
  /** Stored image paths, in the template's descriptor order. */
  paths: string[];
  allowSameFace: boolean;
}

/**
 * Records a change of `userId`'s enrolled photos inside `trx` (the profile update's transaction). An admin's change is
 * applied at once and recorded as `applied`; anyone else's becomes the student's one `pending` request (an older
 * pending one is withdrawn) and the enrolled template keeps deciding until a teacher or admin approves it. New photos
 * that look like another account's are recorded with a collision the teacher decides first (`collided`).
 * Returns the image paths to remove once the transaction has committed.
 */
export async function recordFaceChange(deps: Deps, trx: Trx, caller: AuthUser, userId: number, photos: NewFacePhotos) {
  const { template, paths } = photos;
  const now = deps.clock.now().toISOString();
  const match = await searchBeforeEnrolling(trx, deps, template.mean, userId);
  const admin = caller.role === 'admin';
  const note = admin ? await assertAdminMayApply(match, trx, photos.allowSameFace) : null;
  const enrolled = await trx.selectFrom('face_templates').select('mean_embedding').where('user_id', '=', userId).executeTakeFirst();
  const distance = meanDistance(template.mean, enrolled?.mean_embedding);
  const mean = serializeDescriptor(template.mean);
  const images = paths.map((image_path, i) => ({ image_path, embedding: serializeDescriptor(template.descriptors[i]) }));

  const withdrawn = admin ? [] : await withdrawPending(trx, caller.id, userId, now);
  const { id } = await trx
    .insertInto('face_changes')
    .values({
      user_id: userId,
      status: admin ? 'applied' : 'pending',
      requested_by: caller.id,
      requested_at: now,
      decided_by: admin ? caller.id : null,
      decided_at: admin ? now : null,
      distance,
      mean_embedding: mean,
      model: template.model,
      note,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('face_change_images')
    .values(images.map((img) => ({ change_id: id, ...img })))
    .execute();
  const collided = !admin && match !== null;
  if (collided) {
    const who = await trx.selectFrom('users').select(['username', 'email']).where('id', '=', userId).executeTakeFirstOrThrow();
    await recordCollision(trx, { userId, faceChangeId: id, match, email: who.email, username: who.username, ip: null, now });
  }
  // An admin's change also withdraws a waiting request: the photos it would replace are gone.
  if (admin) withdrawn.push(...(await withdrawPending(trx, caller.id, userId, now, id)));
  const replaced = admin ? await replaceEnrollment(trx, userId, images, mean, template.model, now) : [];
  return { status: admin ? ('applied' as const) : ('pending' as const), collided, removeAfterCommit: [...withdrawn, ...replaced] };
}

/** Marks the user's pending request (other than `keepId`) withdrawn; returns its image paths. */
async function withdrawPending(trx: Trx, callerId: number, userId: number, now: string, keepId = -1) {
  const pending = await trx
    .selectFrom('face_changes')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .where('id', '!=', keepId)
    .execute();
  if (!pending.length) return [];
  const ids = pending.map((p) => p.id);
  await trx.updateTable('face_changes').set({ status: 'withdrawn', decided_by: callerId, decided_at: now }).where('id', 'in', ids).execute();
  const rows = await trx.selectFrom('face_change_images').select('image_path').where('change_id', 'in', ids).execute();
  return rows.map((r) => r.image_path);
}
