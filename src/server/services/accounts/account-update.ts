import { FACE_IMAGES_REQUIRED } from '@shared/constants';
import { MSG } from '@shared/messages';
import { ZProfileUpdateFields } from '@shared/schemas/admin';
import type { AuthUser } from '@server/auth/authenticate';
import type { AppDeps } from '@server/deps';
import { isUniqueViolation } from '@server/db/dialect';
import { DomainError, parseInput } from '@server/lib/errors';
import {
  toDomainFaceError,
  enrolledImagesOf,
  FACE_CHANGE_IMAGE_PREFIX,
  recordFaceChange,
  normalizeFaceImages,
  removeStoredImages,
  storeFaceImages,
  type UploadedFile,
} from '../faces/index';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'urls' | 'config' | 'face' | 'faceIndex' | 'faceChangeUploads' | 'imageDecodes'>;

/** The /update-user form is the user's own, or any user's for an admin (the SPEC's "public" page is not). */
function assertMayEdit(caller: AuthUser, id: number) {
  if (caller.role !== 'admin' && caller.id !== id) throw new DomainError('FORBIDDEN', MSG.admin.updateForbidden);
}

/** SPEC 3's user profile for the update form: username, phone number and the enrolled images. */
export async function getEditableProfile(deps: Deps, caller: AuthUser, id: number) {
  assertMayEdit(caller, id);
  const user = await deps.db.selectFrom('users').select(['id', 'username', 'phone_number', 'role']).where('id', '=', id).executeTakeFirst();
  if (!user) throw new DomainError('NOT_FOUND', MSG.admin.userNotFound);
  const images = await enrolledImagesOf(deps, id);
  const pending = await deps.db.selectFrom('face_changes').select('requested_at').where('user_id', '=', id).where('status', '=', 'pending').executeTakeFirst();
  return { ...user, faceEnrollment: { image_urls: images.image_urls }, pending_face_change: pending ?? null };
}

/**
 * Updates the username and phone number at once. Three new images must all pass the face engine (one person, one
 * face each) before anything is written; then an admin's change replaces the enrollment at once, while anyone
 * else's becomes a request the department's teacher decides (services/faces/face-changes.ts). Either way it is recorded.
 */
export async function updateProfile(deps: Deps, caller: AuthUser, id: number, fields: unknown, files: UploadedFile[]) {
  assertMayEdit(caller, id);
  const input = parseInput(ZProfileUpdateFields, fields);
  if (files.length !== 0 && files.length !== FACE_IMAGES_REQUIRED) throw new DomainError('VALIDATION', MSG.admin.imagesNeedThree);
  const user = await deps.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
  if (!user) throw new DomainError('NOT_FOUND', MSG.admin.userNotFound);
  if (files.length && caller.role !== 'admin') await deps.faceChangeUploads.consume(String(caller.id));
  const images = files.length ? await normalizeFaceImages(deps, files) : [];
  const template = images.length ? await deps.face.enroll(images).catch(toDomainFaceError) : null;

  const newPaths = template ? await storeFaceImages(deps.config.uploadsDir, id, images, FACE_CHANGE_IMAGE_PREFIX) : [];
  let change: Awaited<ReturnType<typeof recordFaceChange>> | null;
  try {
    change = await deps.db.transaction().execute(async (trx) => {
      const set = {
        ...(input.username !== undefined ? { username: input.username } : {}),
        ...(input.phone_number !== undefined ? { phone_number: input.phone_number || null } : {}),
      };
      if (Object.keys(set).length) await trx.updateTable('users').set(set).where('id', '=', id).execute();
      return template ? recordFaceChange(deps, trx, caller, id, { template, paths: newPaths, allowSameFace: input.allow_same_face }) : null;
    });
  } catch (err) {
    await removeStoredImages(deps.config.uploadsDir, newPaths);
    // Two requests of one student at once: the one-pending-per-student index refused the second.
    if (template && isUniqueViolation(err)) throw new DomainError('CONFLICT', MSG.faceChange.concurrent);
    throw err;
  }
  if (change) await removeStoredImages(deps.config.uploadsDir, change.removeAfterCommit);
  if (change?.status === 'pending') {
    const message = change.collided ? MSG.duplicateFace.faceChangeWaits : MSG.faceChange.waiting;
    return { success: true as const, message, images_replaced: false, face_change: 'pending' as const };
  }
  return { success: true as const, message: MSG.admin.profileUpdated, images_replaced: Boolean(change), face_change: change ? ('applied' as const) : null };
}
