import { z } from 'zod';
import { CHALLENGE_ID_RE, MAX_VIDEO_SECONDS } from '@shared/constants';
import { CHALLENGE_STEPS } from '@shared/face/face-challenge';
import { MSG } from '@shared/messages';

const ZHint = z.object({
  step: z.enum(CHALLENGE_STEPS),
  t_ms: z
    .number()
    .int()
    .min(0)
    .max(MAX_VIDEO_SECONDS * 1000),
});

/**
 * The text fields beside the face check's video (multipart): the challenge it answers, and where the page saw each
 * step done (a JSON array; at most a few entries). Empty fields count as absent.
 */
export const ZFaceUploadFields = z.object({
  challenge_id: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(CHALLENGE_ID_RE, MSG.faceChallenge.invalid).optional()),
  hints: z.preprocess((v) => {
    if (v === '' || v === undefined) return undefined;
    try {
      return typeof v === 'string' ? JSON.parse(v) : v;
    } catch {
      return null;
    }
  }, z.array(ZHint, { error: MSG.faceChallenge.badHints }).max(8, MSG.faceChallenge.badHints).optional()),
});
export type TFaceUploadFields = z.infer<typeof ZFaceUploadFields>;
