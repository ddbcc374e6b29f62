import { FACE_IMAGES_REQUIRED } from '@shared/constants';
import { MSG } from '@shared/messages';
import type { AppDeps } from '@server/deps';
import { serializeDescriptor } from '@server/face/index';
import { DomainError } from '@server/lib/errors';
import { toDomainFaceError } from './face-messages';
import { normalizeFaceImages, removeFaceImages, storeFaceImages, type UploadedFile } from './face-image-files';

type Deps = Pick<AppDeps, 'db' | 'face' | 'config' | 'clock' | 'imageDecodes'>;

/**
 * Enrolls the face of an existing user who has none (scripted accounts: the seed). The same checks as registration
 * (three images, each decoded and re-encoded, exactly one usable face in each); the images are stored and the
 * enrollments and template written in one transaction, or nothing is kept.
 */
export async function enrollFacesOfUser(deps: Deps, userId: number, files: UploadedFile[]): Promise<void> {
  if (files.length !== FACE_IMAGES_REQUIRED) throw new DomainError('VALIDATION', MSG.validation.imagesRequired);
  const existing = await deps.db.selectFrom('face_enrollments').select('id').where('user_id', '=', userId).executeTakeFirst();
  if (existing) throw new DomainError('CONFLICT', 'This user already has enrolled face images.');
  const images = await normalizeFaceImages(deps, files);
  const template = await deps.face.enroll(images).catch(toDomainFaceError);
  const now = deps.clock.now().toISOString();
  try {
    const paths = await storeFaceImages(deps.config.uploadsDir, userId, images);
    await deps.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('face_enrollments')
        .values(paths.map((image_path, i) => ({ user_id: userId, image_path, captured_at: now, embedding: serializeDescriptor(template.descriptors[i]) })))
        .execute();
      await trx
        .insertInto('face_templates')
        .values({ user_id: userId, mean_embedding: serializeDescriptor(template.mean), model: template.model, updated_at: now })
        .execute();
    });
  } catch (err) {
    await removeFaceImages(deps.config.uploadsDir, userId);
    throw err;
  }
}
