import fs from 'node:fs/promises';
import path from 'node:path';
import { FACE_IMAGES_REQUIRED } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { ZProfileUpdateFields } from '../../shared/schemas/admin';
import type { AuthUser } from '../auth/authenticate';
import type { AppDeps } from '../deps';
import { serializeDescriptor } from '../face/index';
import { DomainError, parseInput } from '../lib/errors';
import { toDomainFaceError } from './face-errors';
import { enrolledImagesOf } from './face-images';
import { normalizeFaceImages, storeFaceImages, type UploadedFile } from './images';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'urls' | 'config' | 'face'>;

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
  return { ...user, faceEnrollment: { image_urls: images.image_urls } };
}

/**
 * Updates the username and phone number, and replaces the face enrollment when three images come: all three must
 * pass the face engine (one person, one face each) before anything is written; otherwise nothing changes.
 */
export async function updateProfile(deps: Deps, caller: AuthUser, id: number, fields: unknown, files: UploadedFile[]) {
  assertMayEdit(caller, id);
  const input = parseInput(ZProfileUpdateFields, fields);
  if (files.length !== 0 && files.length !== FACE_IMAGES_REQUIRED) throw new DomainError('VALIDATION', MSG.admin.imagesNeedThree);
  const user = await deps.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
  if (!user) throw new DomainError('NOT_FOUND', MSG.admin.userNotFound);
  const images = files.length ? await normalizeFaceImages(files) : [];
  const template = images.length ? await deps.face.enroll(images).catch(toDomainFaceError) : null;

  const now = deps.clock.now().toISOString();
  const newPaths = template ? await storeFaceImages(deps.config.uploadsDir, id, images) : [];
  let oldPaths: string[] = [];
  try {
    await deps.db.transaction().execute(async (trx) => {
      const set = {
        ...(input.username !== undefined ? { username: input.username } : {}),
        ...(input.phone_number !== undefined ? { phone_number: input.phone_number || null } : {}),
      };
      if (Object.keys(set).length) await trx.updateTable('users').set(set).where('id', '=', id).execute();
      if (!template) return;
      oldPaths = (await trx.selectFrom('face_enrollments').select('image_path').where('user_id', '=', id).execute()).map((r) => r.image_path);
      await trx.deleteFrom('face_enrollments').where('user_id', '=', id).execute();
      await trx
        .insertInto('face_enrollments')
        .values(newPaths.map((image_path, i) => ({ user_id: id, image_path, captured_at: now, embedding: serializeDescriptor(template.descriptors[i]) })))
        .execute();
      const values = { mean_embedding: serializeDescriptor(template.mean), model: template.model, updated_at: now };
      await trx
        .insertInto('face_templates')
        .values({ user_id: id, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
    });
  } catch (err) {
    await removeFiles(deps.config.uploadsDir, newPaths);
    throw err;
  }
  await removeFiles(deps.config.uploadsDir, oldPaths);
  return { success: true as const, message: MSG.admin.profileUpdated, images_replaced: Boolean(template) };
}

async function removeFiles(uploadsDir: string, paths: string[]) {
  for (const p of paths) await fs.rm(path.join(uploadsDir, p), { force: true });
}
