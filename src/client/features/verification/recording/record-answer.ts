import { CHALLENGE_MAX_RECORDING_MS, RECORDING_MS } from '../../../../shared/constants';
import type { RestErrorBody } from '../../../../server/rest/http';
import { followChallenge, type Guide } from '../challenge/follow-challenge';
import type { TrackerHandle } from '../tracker/use-face-tracker';
import type { Recording } from './use-webcam-recorder';
import { type ChallengeAnswer, requestChallenge } from './verification-api';

export type RecordedAnswer =
  | { ok: true; video: Blob; answer: ChallengeAnswer | null }
  /** the server would not issue a challenge (its answer's error_code and message: the session's limit, say) */
  | { ok: false; refusal: Partial<RestErrorBody> };

interface RecordArgs {
  startRecording(maxMs: number): Recording;
  video: HTMLVideoElement;
  tracker: TrackerHandle;
  /** what the student should do now: the steps, 'blink' (the blink-only check), null before the server answers and after */
  onGuide(view: Guide): void;
}

const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));

/**
 * Records the face check's video. The challenge is asked for once the recorder runs, so its steps are seen only
 * then; the student is guided through them and the recording stops as soon as they are done. With the challenge
 * off (no steps) it is today's blink check: RECORDING_MS from the recorder's start. A throw is a camera failure.
 */
export async function recordAnswer({ startRecording, video, tracker, onGuide }: RecordArgs): Promise<RecordedAnswer> {
  const recording = startRecording(CHALLENGE_MAX_RECORDING_MS);
  try {
    const startedAt = await recording.started;
    const issued = await requestChallenge();
    if (!issued.ok) {
      recording.stop();
      await recording.video.catch(() => undefined);
      return { ok: false, refusal: issued.data };
    }
    const { challenge_id: challengeId, steps } = issued.data;
    let answer: ChallengeAnswer | null = null;
    if (challengeId === null || steps.length === 0) {
      onGuide('blink');
      await sleepUntil(startedAt + RECORDING_MS);
    } else {
      const live = tracker.state === 'live' ? tracker.tracker : null;
      const hints = await followChallenge({
        video,
        steps,
        tracker: live,
        baseline: tracker.baseline(),
        startedAt,
        deadline: startedAt + CHALLENGE_MAX_RECORDING_MS,
        onView: onGuide,
      });
      answer = { challengeId, hints };
    }
    recording.stop();
    return { ok: true, video: await recording.video, answer };
  } catch (err) {
    recording.stop();
    throw err;
  } finally {
    onGuide(null);
  }
}
