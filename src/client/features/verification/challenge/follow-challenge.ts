import { CHALLENGE_MIN_RECORDING_MS, CHALLENGE_TAIL_MS } from '../../../../shared/constants';
import type { ChallengeHint, ChallengeStep } from '../../../../shared/face/face-challenge';
import { type Baseline, ChallengeProgress } from './challenge-progress';
import type { FaceTracker } from '../tracker/face-tracker';
import { SLOW_READ_MS } from '../tracker/use-face-tracker';

export type GuideMode = 'live' | 'timed';

export interface GuideView {
  steps: readonly ChallengeStep[];
  /** steps done so far (ticked) */
  done: number;
  mode: GuideMode;
}

/** What the recording asks now: the challenge's steps, today's blink-only prompt, or nothing yet (null). */
export type Guide = GuideView | 'blink' | null;

/** On a device too slow to follow the face, each instruction is shown this long (a turn or a blink takes about 1 s). */
export const TIMED_STEP_MS = 2_000;
/**
 * Frames read at most this often (about 16 a second): a blink still shows on two or more, and the renderer keeps
 * time for the camera and the recorder, whose frames the server judges.
 */
const READ_EVERY_MS = 60;
/** Recent reads slower than SLOW_READ_MS on average switch the rest of the challenge to timed instructions. */
const SLOW_WINDOW = 4;

interface FollowArgs {
  video: HTMLVideoElement;
  steps: readonly ChallengeStep[];
  /** null: timed instructions from the start */
  tracker: FaceTracker | null;
  baseline: Baseline | null;
  /** performance.now() when the recorder started: hints are measured from it */
  startedAt: number;
  /** when the recording must end whatever the steps (performance.now() time) */
  deadline: number;
  onView(view: GuideView): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The next painted camera frame's capture time (performance.now() clock) where the browser tells it. */
function nextFrame(video: HTMLVideoElement): Promise<number> {
  if (!('requestVideoFrameCallback' in video)) return new Promise((resolve) => requestAnimationFrame(() => resolve(performance.now())));
  return new Promise((resolve) => video.requestVideoFrameCallback((now, meta) => resolve(meta.captureTime ?? meta.expectedDisplayTime ?? now)));
}

/**
 * Guides the student through the steps while the recorder runs and resolves when they are done (plus a short tail)
 * or at the deadline, with where each step was seen (the upload's hints). Live: each camera frame is read and a step
 * is ticked when the tracker sees it. Timed (no tracker, or reads grow too slow midway): each remaining step is
 * shown for a fixed time, and sends no hint, since nothing saw it.
 */
export async function followChallenge(args: FollowArgs): Promise<ChallengeHint[]> {
  const { video, steps, startedAt, deadline, onView } = args;
  const progress = new ChallengeProgress(steps, args.baseline);
  let mode: GuideMode = args.tracker ? 'live' : 'timed';
  onView({ steps, done: 0, mode });
  const slowReads: number[] = [];
  while (args.tracker && mode === 'live' && !progress.complete && performance.now() < deadline) {
    const frameAt = await Promise.race([nextFrame(video), sleep(deadline - performance.now()).then(() => null)]);
    if (frameAt === null) break;
    const before = performance.now();
    const reading = await args.tracker.read(video);
    slowReads.push(performance.now() - before);
    await sleep(before + READ_EVERY_MS - performance.now());
    if (reading && progress.push(reading, frameAt - startedAt)) onView({ steps, done: progress.done, mode });
    const recent = slowReads.slice(-SLOW_WINDOW);
    if (recent.length === SLOW_WINDOW && recent.reduce((a, b) => a + b, 0) / SLOW_WINDOW > SLOW_READ_MS) mode = 'timed';
  }
  if (progress.complete) {
    const end = Math.min(deadline, Math.max(performance.now() + CHALLENGE_TAIL_MS, startedAt + CHALLENGE_MIN_RECORDING_MS));
    await sleep(end - performance.now());
    return progress.hints;
  }
  if (mode === 'timed') {
    for (let done = progress.done; done < steps.length && performance.now() < deadline; done += 1) {
      onView({ steps, done, mode });
      await sleep(Math.min(TIMED_STEP_MS, deadline - performance.now()));
    }
    onView({ steps, done: steps.length, mode });
  }
  return progress.hints;
}
