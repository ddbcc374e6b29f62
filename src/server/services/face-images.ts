import path from 'node:path';
import { MSG } from '../../shared/messages';
import type { AppDeps } from '../deps';
import { DomainError } from '../lib/errors';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'urls' | 'config'>;

export const faceImagePath = (enrollmentId: number) => `/api/face-images/${enrollmentId}`;

/** Signed, short-lived URLs and capture times of a user's enrollment images, in capture order. */
export async function enrolledImagesOf(deps: Deps, userId: number) {
  const rows = await deps.db.selectFrom('face_enrollments').select(['id', 'captured_at']).where('user_id', '=', userId).orderBy('id').limit(3).execute();
  const now = deps.clock.now();
  return { image_urls: rows.map((r) => deps.urls.sign(faceImagePath(r.id), now)), capture_times: rows.map((r) => r.captured_at) };
}

/** Resolves a signed image URL to the file on disk; anything unsigned, expired or tampered is a 404. */
export async function resolveSignedImage(deps: Deps, enrollmentId: number, exp?: string, sig?: string) {
  if (!deps.urls.verify(faceImagePath(enrollmentId), exp, sig, deps.clock.now())) throw new DomainError('NOT_FOUND', MSG.server.notFound);
  const row = await deps.db.selectFrom('face_enrollments').select('image_path').where('id', '=', enrollmentId).executeTakeFirst();
  if (!row) throw new DomainError('NOT_FOUND', MSG.server.notFound);
  return path.join(deps.config.uploadsDir, row.image_path);
}
