import path from 'node:path';
import { PROFILE_IMAGES_MAX } from '@shared/constants';
import { MSG } from '@shared/messages';
import type { AppDeps } from '@server/deps';
import { DomainError } from '@server/lib/errors';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'urls' | 'config'>;

export const faceImagePath = (enrollmentId: number) => `/api/face-images/${enrollmentId}`;

export interface EnrolledImages {
  image_urls: string[];
  capture_times: string[];
}

/** Signed, short-lived URLs and capture times of each user's enrollment images (at most 3, in capture order). */
export async function enrolledImagesByUser(deps: Deps, userIds: number[]): Promise<Map<number, EnrolledImages>> {
  const byUser = new Map<number, EnrolledImages>();
  if (!userIds.length) return byUser;
  const rows = await deps.db.selectFrom('face_enrollments').select(['id', 'user_id', 'captured_at']).where('user_id', 'in', userIds).orderBy('id').execute();
  const now = deps.clock.now();
  for (const r of rows) {
    const images = byUser.get(r.user_id) ?? { image_urls: [], capture_times: [] };
    if (images.image_urls.length < PROFILE_IMAGES_MAX) {
      images.image_urls.push(deps.urls.sign(faceImagePath(r.id), now));
      images.capture_times.push(r.captured_at);
    }
    byUser.set(r.user_id, images);
  }
  return byUser;
}

export async function enrolledImagesOf(deps: Deps, userId: number): Promise<EnrolledImages> {
  return (await enrolledImagesByUser(deps, [userId])).get(userId) ?? { image_urls: [], capture_times: [] };
}

/**
 * Resolves a signed image URL to the file on disk; anything unsigned, expired or tampered is a 404, and so is the
 * image of a deactivated owner (a pending one's stay visible to the teachers who approve them).
 */
export async function resolveSignedImage(deps: Deps, enrollmentId: number, exp?: string, sig?: string) {
  return resolveSigned(deps, faceImagePath(enrollmentId), exp, sig, () =>
    deps.db
      .selectFrom('face_enrollments as e')
      .innerJoin('users as u', 'u.id', 'e.user_id')
      .select('e.image_path')
      .where('e.id', '=', enrollmentId)
      .where('u.status', '!=', 'inactive')
      .executeTakeFirst(),
  );
}

export const faceChangeImagePath = (imageId: number) => `/api/face-change-images/${imageId}`;

/** Signed URLs of each face change's new photos (in upload order), for the teachers and admins who decide it. */
export async function faceChangeImagesByChange(deps: Deps, changeIds: number[]): Promise<Map<number, string[]>> {
  const byChange = new Map<number, string[]>();
  if (!changeIds.length) return byChange;
  const rows = await deps.db.selectFrom('face_change_images').select(['id', 'change_id']).where('change_id', 'in', changeIds).orderBy('id').execute();
  const now = deps.clock.now();
  for (const r of rows) byChange.set(r.change_id, [...(byChange.get(r.change_id) ?? []), deps.urls.sign(faceChangeImagePath(r.id), now)]);
  return byChange;
}

/** As resolveSignedImage, for a face change's photo: served only while the change waits for a decision. */
export async function resolveSignedChangeImage(deps: Deps, imageId: number, exp?: string, sig?: string) {
  return resolveSigned(deps, faceChangeImagePath(imageId), exp, sig, () =>
    deps.db
      .selectFrom('face_change_images as i')
      .innerJoin('face_changes as c', 'c.id', 'i.change_id')
      .select('i.image_path')
      .where('i.id', '=', imageId)
      .where('c.status', '=', 'pending')
      .executeTakeFirst(),
  );
}

export const reviewStillPath = (stillId: number) => `/api/review-stills/${stillId}`;

/** Issue 39: the signed URL of each student's kept still in one session, for the teacher reviewing their request. */
export async function reviewStillUrls(deps: Deps, sessionId: number, studentIds: number[]): Promise<Map<number, string>> {
  const byStudent = new Map<number, string>();
  if (!studentIds.length) return byStudent;
  const rows = await deps.db
    .selectFrom('review_stills')
    .select(['id', 'student_id'])
    .where('session_id', '=', sessionId)
    .where('student_id', 'in', studentIds)
    .execute();
  const now = deps.clock.now();
  for (const r of rows) byStudent.set(r.student_id, deps.urls.sign(reviewStillPath(r.id), now));
  return byStudent;
}

/** As resolveSignedImage, for a refused check's still: served only while it is kept (removeSpentStills deletes it). */
export async function resolveSignedReviewStill(deps: Deps, stillId: number, exp?: string, sig?: string) {
  return resolveSigned(deps, reviewStillPath(stillId), exp, sig, () =>
    deps.db.selectFrom('review_stills').select('image_path').where('id', '=', stillId).executeTakeFirst(),
  );
}

/**
 * The file behind a signed image URL: a signature that does not verify, or no row from `find` (the image is not
 * served any more), is the same 404, so a URL tells nothing about why it stopped working.
 */
async function resolveSigned(
  deps: Deps,
  urlPath: string,
  exp: string | undefined,
  sig: string | undefined,
  find: () => Promise<{ image_path: string } | undefined>,
): Promise<string> {
  if (!deps.urls.verify(urlPath, exp, sig, deps.clock.now())) throw new DomainError('NOT_FOUND', MSG.server.notFound);
  const row = await find();
  if (!row) throw new DomainError('NOT_FOUND', MSG.server.notFound);
  return path.join(deps.config.uploadsDir, row.image_path);
}
