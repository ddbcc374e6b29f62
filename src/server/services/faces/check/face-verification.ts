import { MSG } from '@shared/messages';
import { attestedDevice } from '@server/auth/authenticate';
import type { AuthUser } from '@server/auth/authenticate';
import type { AppDeps } from '@server/deps';
import { deserializeDescriptor, FaceInputError, type FaceTemplate, type FaceVerdict, type LiveVideo, refuseOversizedFrames } from '@server/face/index';
import { DomainError } from '@server/lib/errors';
import { NO_TIMING, type ServerTiming } from '@server/lib/http/server-timing';
import { toDomainFaceError } from '../face-messages';
import { faceInputMessage, verdictMessage } from '../face-messages';
import type { TFaceUploadFields } from '@shared/schemas/faces/face-challenge';
import type { ChallengeStep } from '@shared/face/face-challenge';
import { FACE_STREAM_MAX_SECONDS } from '@shared/face/face-stream';
import { refuseUploadWhenLive, settleChallenge } from './face-challenges';
import { enrolledNeighbours } from '../face-search';
import { keepRefusalStill } from './refusal-stills';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'face' | 'config' | 'devices' | 'faceIndex'>;

/** A received face check upload: the video and the text fields beside it (the challenge it answers). */
export interface FaceUpload {
  video: Buffer;
  fields: TFaceUploadFields;
}

/**
 * The student's own enrolled descriptors: verification is 1:1 against these, never a search across students; with
 * the means of the student's enrolled neighbours (lookalikes, twins), whom the check must not read closer to.
 */
export async function loadTemplate(deps: Deps, userId: number): Promise<FaceTemplate | null> {
  const template = await deps.db.selectFrom('face_templates').select(['mean_embedding', 'model']).where('user_id', '=', userId).executeTakeFirst();
  if (!template) return null;
  const rows = await deps.db.selectFrom('face_enrollments').select('embedding').where('user_id', '=', userId).orderBy('id').execute();
  const mean = deserializeDescriptor(template.mean_embedding);
  return {
    mean,
    descriptors: rows.filter((r) => r.embedding).map((r) => deserializeDescriptor(r.embedding!)),
    model: template.model,
    neighbours: await enrolledNeighbours(deps, userId, mean),
  };
}

type StoredRow = { verdict: 'accepted' | 'rejected' | 'error'; reason: string; blink_count?: number; similarity?: number | null; duration_ms?: number };

/**
 * Where a face check came from (issue 35): the address as TRUST_PROXY resolves it and the rc_device cookie as sent,
 * kept with it (the device as the server attests it) and compared at the final mark.
 */
export interface StepCaller {
  ip: string;
  deviceCookie?: string;
}

/** Keeps an attempt as a face verification (an accepted one is the proof the mark spends). */
async function storeVerification(deps: Deps, student: AuthUser, caller: StepCaller, challengeId: string | null, row: StoredRow) {
  const device_id = await attestedDevice(deps, student.id, caller.deviceCookie);
  const at = deps.clock.now().toISOString();
  await deps.db
    .insertInto('face_verifications')
    .values({ user_id: student.id, token_id: student.token_id, ip: caller.ip, device_id, created_at: at, challenge_id: challengeId, ...row })
    .execute();
}

/** The row the engine's verdict is stored as. */
const verdictRow = (verdict: Pick<FaceVerdict, 'success' | 'reason' | 'blink_count' | 'similarity' | 'ms'>): StoredRow => ({
  verdict: verdict.success ? 'accepted' : 'rejected',
  reason: verdict.reason,
  blink_count: verdict.blink_count,
  similarity: verdict.similarity,
  duration_ms: verdict.ms,
});

/** The answer both doors give for a verdict; error_code is the engine's reason, so the page words the refusal. */
function verdictAnswer(verdict: Pick<FaceVerdict, 'success' | 'reason' | 'blink_count'>) {
  return {
    success: verdict.success,
    message: verdictMessage(verdict.reason, 'video'),
    blink_count: verdict.blink_count,
    ...(verdict.success ? {} : { error_code: verdict.reason }),
  };
}

/**
 * The blink-only check of an uploaded video (FACE_CHALLENGE=off; with it on the doors answer 409 before the upload
 * is read, and the live check, below, is the only way to a proof). Every attempt is stored as a face verification;
 * an accepted one is the proof that lets the student's attendance be recorded (once, within FACE_PROOF_TTL, by the
 * same login).
 */
export async function verifyStudentVideo(
  deps: Deps,
  student: AuthUser,
  caller: StepCaller,
  upload: FaceUpload | Promise<FaceUpload>,
  timing: Pick<ServerTiming, 'measure'> = NO_TIMING,
) {
  refuseUploadWhenLive(deps);
  // The template is read while the upload may still be arriving; a refused upload is still the error reported.
  const [{ video }, template] = await Promise.all([upload, timing.measure('template', () => loadTemplate(deps, student.id))]);
  const store = (row: StoredRow) => timing.measure('store', () => storeVerification(deps, student, caller, null, row));
  if (!template) {
    await store({ verdict: 'error', reason: 'no_enrollment' });
    throw new DomainError('VALIDATION', MSG.attendance.noEnrollment, { errorCode: 'no_enrollment' });
  }
  const started = Date.now();
  try {
    // from the container's header, before the engine queues or decodes anything (the decoder checks again)
    refuseOversizedFrames(video);
    const verdict = await timing.measure('engine', () => deps.face.verifyVideo(video, template));
    await store(verdictRow(verdict));
    await keepRefusalStill(deps, student, verdict.still);
    return verdictAnswer(verdict);
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

/**
 * Judges a finished live check (issue 33): the streamed video against its steps, each to be answered in its window
 * after it was sent (`stepTimes`, on the video's own clock: stream-clock.ts). The verdict settles the check's row
 * first: a check another start replaced (on any node) stores nothing and is answered as cancelled. A refusal that
 * came before the engine (a stream too fast or stalled) is passed as `refusal` and stored the same way.
 */
export async function verifyLiveVideo(
  deps: Deps,
  student: AuthUser,
  caller: StepCaller,
  check: { id: string; steps: ChallengeStep[]; stepTimes: number[]; video: Buffer; live?: LiveVideo } | { id: string; refusal: string },
) {
  const settle = async (row: StoredRow) => {
    if (!(await settleChallenge(deps, check.id, row.reason))) throw new DomainError('CONFLICT', MSG.faceChallenge.cancelled, { errorCode: 'check_cancelled' });
    await storeVerification(deps, student, caller, check.id, row);
  };
  if ('refusal' in check) {
    await settle({ verdict: 'rejected', reason: check.refusal });
    return null;
  }
  const template = await loadTemplate(deps, student.id);
  if (!template) {
    await settle({ verdict: 'error', reason: 'no_enrollment' });
    throw new DomainError('VALIDATION', MSG.attendance.noEnrollment, { errorCode: 'no_enrollment' });
  }
  try {
    refuseOversizedFrames(check.video);
    const verdict = await deps.face.verifyVideo(check.video, template, {
      challenge: check.steps,
      stepTimes: check.stepTimes,
      maxSeconds: FACE_STREAM_MAX_SECONDS,
      live: check.live,
    });
    await settle(verdictRow(verdict));
    await keepRefusalStill(deps, student, verdict.still);
    return { ...verdictAnswer(verdict), moves: verdict.moves, ms: verdict.ms };
  } catch (err) {
    if (err instanceof FaceInputError) {
      const message = faceInputMessage(err);
      await settle({ verdict: 'error', reason: 'stream_unreadable' });
      throw new DomainError('VALIDATION', message, { errorCode: 'stream_unreadable' });
    }
    return toDomainFaceError(err);
  }
}
