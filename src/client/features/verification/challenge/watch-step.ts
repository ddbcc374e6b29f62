import type { ChallengeStep } from '@shared/face/face-challenge';
import type { FaceTracker } from '../tracker/face-tracker';
import { SLOW_READ_MS } from '../tracker/use-face-tracker';
import { type Baseline, ChallengeProgress } from './challenge-progress';

/**
 * Frames read at most this often (about 16 a second): a blink still shows on two or more, and the recorder and the
 * socket beside the reads keep their time (the server refuses a stream whose chunks stall).
 */
const READ_EVERY_MS = 60;
/** Recent reads slower than SLOW_READ_MS on average: the tracker cannot follow, so it stops trying. */
const SLOW_WINDOW = 4;

interface WatchArgs {
  video: HTMLVideoElement;
  tracker: FaceTracker;
  /** the preview's frontal pose before Start; null: the first readings make one */
  baseline: Baseline | null;
  step: ChallengeStep;
  /** aborted when the instruction is over (the next one came, or stop) */
  signal: AbortSignal;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The next painted camera frame's time where the browser tells it. */
function nextFrame(video: HTMLVideoElement): Promise<void> {
  if (!('requestVideoFrameCallback' in video)) return new Promise((resolve) => requestAnimationFrame(() => resolve()));
  return new Promise((resolve) => video.requestVideoFrameCallback(() => resolve()));
}

/**
 * Reads the preview while one instruction is shown and resolves true as soon as the tracker sees it done, false when
 * the instruction ends first, the reads fail or grow too slow. Feedback for the student only: the server judges the
 * stream, and the page sends it nothing of this.
 */
export async function watchStep({ video, tracker, baseline, step, signal }: WatchArgs): Promise<boolean> {
  const progress = new ChallengeProgress([step], baseline);
  const over = new Promise<'over'>((resolve) => signal.addEventListener('abort', () => resolve('over'), { once: true }));
  const startedAt = performance.now();
  const reads: number[] = [];
  while (!signal.aborted) {
    if ((await Promise.race([nextFrame(video), over])) === 'over') return false;
    const before = performance.now();
    const reading = await tracker.read(video).catch(() => undefined);
    if (reading === undefined || signal.aborted) return false;
    if (reading && progress.push(reading, before - startedAt)) return true;
    reads.push(performance.now() - before);
    const recent = reads.slice(-SLOW_WINDOW);
    if (recent.length === SLOW_WINDOW && recent.reduce((a, b) => a + b, 0) / SLOW_WINDOW > SLOW_READ_MS) return false;
    await Promise.race([sleep(before + READ_EVERY_MS - performance.now()), over]);
  }
  return false;
}
