import { restRequest } from '@/lib/rest';
import type { RouterOutputs } from '@/lib/trpc';

/** The face check's answer: the same service output over REST as over tRPC (student.compareFaceVideo). */
export type FaceVerdict = RouterOutputs['student']['compareFaceVideo'];

/** POST /api/compare-face-video: the recording as multipart field `video` (REST: it streams the upload to the engine). */
export function compareFaceVideo(video: Blob) {
  const form = new FormData();
  form.append('video', video, 'verification.webm');
  return restRequest<FaceVerdict>('/compare-face-video', { method: 'POST', formData: form });
}

const BUSY_RETRIES = 6;
const MAX_WAIT_S = 15;

/**
 * compareFaceVideo that rides out a class-start burst: on 503 it resubmits the same recording after the server's
 * Retry-After, so the student does not record again; `onWait` tells the page how long.
 */
export async function compareFaceVideoPatiently(video: Blob, onWait: (seconds: number) => void) {
  for (let attempt = 0; ; attempt++) {
    const res = await compareFaceVideo(video);
    if (res.ok || res.status !== 503 || attempt >= BUSY_RETRIES) return res;
    const seconds = Math.min(MAX_WAIT_S, Math.max(1, Math.round(res.data.retry_after ?? 3)));
    onWait(seconds);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  }
}
