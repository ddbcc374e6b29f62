import { FACE_IMAGES_REQUIRED } from '@shared/constants';
import { MSG } from '@shared/messages';
import { ZRegisterInput } from '@shared/schemas/accounts/auth';
import { hashPassword } from '@server/auth/password';
import type { AppDeps } from '@server/deps';
import { isUniqueViolation } from '@server/db/dialect';
import type { DB } from '@server/db/connect';
import { type FaceTemplate, serializeDescriptor } from '@server/face/index';
import { DomainError, parseInput } from '@server/lib/errors';
import { findDepartmentByName } from './departments';
import {
  recordCollision,
  searchBeforeEnrolling,
  toDomainFaceError,
  normalizeFaceImages,
  removeFaceImages,
  storeFaceImages,
  type UploadedFile,
} from '../faces/index';
import { isEmailTaken } from './users';

/**
 * Registers a student or teacher as pending approval. Every check runs before anything is written; the user, its
 * enrollments and its face template are then written in one transaction, which first searches the other accounts'
 * faces. A face close to another account's is not refused (a lookalike or a twin must not be locked out, and a
 * squatter must not lock the real student out): the account waits with a collision record (`meta.ip` goes into
 * it) until the department's teacher or an admin compares the photos and decides; the registrant is never told whose.
 */
export async function registerUser(
  deps: AppDeps,
  fields: unknown,
  files: UploadedFile[],
  meta: { ip: string },
): Promise<{ message: string; waits_for_face_review?: boolean }> {
  const input = parseInput(ZRegisterInput, fields);
  if (files.length !== FACE_IMAGES_REQUIRED) throw new DomainError('VALIDATION', MSG.validation.imagesRequired);
  const images = await normalizeFaceImages(deps, files);
  if (await isEmailTaken(deps, input.email)) throw new DomainError('CONFLICT', MSG.register.emailTaken);
  const department = await findDepartmentByName(deps, input.department_name);
  if (!department) throw new DomainError('VALIDATION', MSG.validation.department);

  const template = await deps.face.enroll(images).catch(toDomainFaceError);
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now().toISOString();
  let userId: number | undefined;
  let collided = false;
  try {
    await deps.db.transaction().execute(async (trx) => {
      const match = await searchBeforeEnrolling(trx, deps, template.mean);
      const user = await trx
        .insertInto('users')
        .values({
          username: input.username,
          email: input.email,
          phone_number: input.phone_number || null,
          password_hash: passwordHash,
          role: input.role,
          status: 'pending',
          department_id: department.id,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      userId = user.id;
      collided = await writeRegistrantFaces(trx, deps, { user: { ...user, ...input }, match, images, template, ip: meta.ip, now });
    });
  } catch (err) {
    if (userId !== undefined) await removeFaceImages(deps.config.uploadsDir, userId);
    // The only unique key a new user can hit is the email.
    if (isUniqueViolation(err)) {
      throw new DomainError('CONFLICT', MSG.register.emailTaken);
    }
    throw err;
  }
  return collided ? { message: MSG.duplicateFace.registrationWaits, waits_for_face_review: true } : { message: MSG.register.success };
}

/**
 * A registrant's photos, their embeddings and face template, written in the registration's transaction after
 * `searchBeforeEnrolling` (whose `match` it takes); a match is recorded as a collision the department's teacher
 * decides. Returns whether it was. Shared by registration and the roster invitation's (roster/invitation-registration.ts).
 */
export async function writeRegistrantFaces(
  trx: DB,
  deps: Pick<AppDeps, 'config'>,
  a: {
    user: { id: number; email: string; username: string };
    match: Awaited<ReturnType<typeof searchBeforeEnrolling>>;
    images: Buffer[];
    template: FaceTemplate;
    ip: string;
    now: string;
  },
): Promise<boolean> {
  const { user, now } = a;
  if (a.match) await recordCollision(trx, { userId: user.id, faceChangeId: null, match: a.match, email: user.email, username: user.username, ip: a.ip, now });
  const paths = await storeFaceImages(deps.config.uploadsDir, user.id, a.images);
  await trx
    .insertInto('face_enrollments')
    .values(paths.map((image_path, i) => ({ user_id: user.id, image_path, captured_at: now, embedding: serializeDescriptor(a.template.descriptors[i]) })))
    .execute();
  await trx
    .insertInto('face_templates')
    .values({ user_id: user.id, mean_embedding: serializeDescriptor(a.template.mean), model: a.template.model, updated_at: now })
    .execute();
  return Boolean(a.match);
}
