import type { ChallengeHint } from '../../../../shared/face/face-challenge';
import { restRequest } from '@/lib/api/rest';
import type { RouterOutputs } from '@/lib/api/trpc';

/** The face check's answer: the same service output over REST as over tRPC (student.compareFaceVideo). */
export type FaceVerdict = RouterOutputs['student']['compareFaceVideo'];
/** The steps the recording must show, issued as it starts (empty with FACE_CHALLENGE=off: the blink-only check). */
export type IssuedChallenge = RouterOutputs['student']['faceChallenge'];

/** POST /api/face-challenge: asked for once the recorder runs, so the steps are seen only then. */
export function requestChallenge() {
  return restRequest<IssuedChallenge>('/face-challenge', { method: 'POST' });
}

/** What the upload names besides the video: the challenge it answers and where the page saw each step. */
export interface ChallengeAnswer {
  challengeId: string;
  hints: ChallengeHint[];
}

/**
 * POST /api/compare-face-video: the recording as multipart field `video` (REST: it streams the upload to the engine),
 * after the challenge's fields (the server reads them before the video arrives).
 */
export function compareFaceVideo(video: Blob, answer: ChallengeAnswer | null) {
  const form = new FormData();
  if (answer) {
    form.append('challenge_id', answer.challengeId);
    if (answer.hints.length) form.append('hints', JSON.stringify(answer.hints));
  }
  form.append('video', video, 'verification.webm');
  return restRequest<FaceVerdict>('/compare-face-video', { method: 'POST', formData: form });
}
