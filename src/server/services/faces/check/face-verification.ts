import { MSG } from '../../../../shared/messages';
import type { AuthUser } from '../../../auth/authenticate';
import type { AppDeps } from '../../../deps';
import { deserializeDescriptor, FaceInputError, type FaceTemplate, refuseOversizedFrames } from '../../../face/index';
import { DomainError } from '../../../lib/errors';
import { NO_TIMING, type ServerTiming } from '../../../lib/http/server-timing';
import { toDomainFaceError } from '../face-errors';
import { faceInputMessage, verdictMessage } from '../face-messages';
import type { TFaceUploadFields } from '../../../../shared/schemas/faces/face-challenge';
import { claimChallenge, settleChallenge } from './face-challenges';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'face' | 'config' | 'challengeSource'>;

/** A received face check upload: the video and the text fields beside it (the challenge it answers). */
export interface FaceUpload {
  video: Buffer;
  fields: TFaceUploadFields;
}

/** The student's own enrolled descriptors: verification is 1:1 against these, never a search across students. */
async function loadTemplate(deps: Deps, userId: number): Promise<FaceTemplate | null> {
  const template = await deps.db.selectFrom('face_templates').select(['mean_embedding', 'model']).where('user_id', '=', userId).executeTakeFirst();
  if (!template) return null;
  const rows = await deps.db.selectFrom('face_enrollments').select('embedding').where('user_id', '=', userId).orderBy('id').execute();
  return {
    mean: deserializeDescriptor(template.mean_embedding),
    descriptors: rows.filter((r) => r.embedding).map((r) => deserializeDescriptor(r.embedding!)),
    model: template.model,
  };
}

/**
 * Runs liveness and identity on the uploaded video (or the upload still being received) and stores every attempt as a face verification; an accepted
 * one is the proof that lets the student's attendance be recorded (once, within FACE_PROOF_TTL, by the same login).
 * With the challenge on (issue 20) the upload must name this login's unused, current challenge, checked before
 * anything is decoded, and the video must follow its steps; the verdict spends the challenge, a busy answer does not.
 */
export async function verifyStudentVideo(
  deps: Deps,
  student: AuthUser,
  upload: FaceUpload | Promise<FaceUpload>,
  timing: Pick<ServerTiming, 'measure'> = NO_TIMING,
) {
  // The template is read while the upload may still be arriving; a refused upload is still the error reported.
  const [{ video, fields }, template] = await Promise.all([upload, timing.measure('template', () => loadTemplate(deps, student.id))]);
  const challenge = await claimChallenge(deps, student, fields.challenge_id);
  const store = (row: { verdict: 'accepted' | 'rejected' | 'error'; reason: string; blink_count?: number; similarity?: number | null; duration_ms?: number }) =>
    timing.measure('store', async () => {
      if (challenge) await settleChallenge(deps, challenge.id, row.reason);
      await deps.db
        .insertInto('face_verifications')
        .values({ user_id: student.id, token_id: student.token_id, created_at: deps.clock.now().toISOString(), challenge_id: challenge?.id ?? null, ...row })
        .execute();
    });
  if (!template) {
    await store({ verdict: 'error', reason: 'no_enrollment' });
    throw new DomainError('VALIDATION', MSG.attendance.noEnrollment, { errorCode: 'no_enrollment' });
  }
  const started = Date.now();
  try {
    // from the container's header, before the engine queues or decodes anything (the decoder checks again)
    refuseOversizedFrames(video);
    const options = challenge ? { challenge: challenge.steps, hints: fields.hints } : undefined;
    const verdict = await timing.measure('engine', () => deps.face.verifyVideo(video, template, options));
    await store({
      verdict: verdict.success ? 'accepted' : 'rejected',
      reason: verdict.reason,
      blink_count: verdict.blink_count,
      similarity: verdict.similarity,
      duration_ms: verdict.ms,
    });
    // error_code: the engine's reason, so the page words the refusal and its next step without reading the message.
    return {
      success: verdict.success,
      message: verdictMessage(verdict.reason, 'video'),
      blink_count: verdict.blink_count,
      ...(verdict.success ? {} : { error_code: verdict.reason }),
    };
  } catch (err) {
    // A bad upload is an attempt and is kept; a busy answer is not an attempt.
    if (err instanceof FaceInputError) {
      const message = faceInputMessage(err);
      await store({ verdict: 'error', reason: message.slice(0, 200), duration_ms: Date.now() - started });
      throw new DomainError('VALIDATION', message, { errorCode: err.code === 'video_frame_too_large' ? 'video_too_large' : 'invalid_video' });
    }
    return toDomainFaceError(err);
  }
}
