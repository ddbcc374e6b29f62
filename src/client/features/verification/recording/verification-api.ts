import { restRequest } from '@/lib/api/rest';
import type { RouterOutputs } from '@/lib/api/trpc';

/** The face check's answer: the same service output over REST as over tRPC (student.compareFaceVideo). */
export type FaceVerdict = RouterOutputs['student']['compareFaceVideo'];

/**
 * POST /api/compare-face-video: the blink-only check's recording as multipart field `video` (REST: it streams the
 * upload to the engine). Only with the live check off (FACE_CHALLENGE=off); with it on, the check is the stream.
 */
export function compareFaceVideo(video: Blob) {
  const form = new FormData();
  form.append('video', video, 'verification.webm');
  return restRequest<FaceVerdict>('/compare-face-video', { method: 'POST', formData: form });
}
