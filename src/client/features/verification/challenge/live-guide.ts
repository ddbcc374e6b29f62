import type { ChallengeStep } from '@shared/face/face-challenge';

/** One instruction the server sent, and whether the page's tracker saw the student do it. */
export interface ShownStep {
  index: number;
  step: ChallengeStep;
  seen: boolean;
}

/**
 * What the live check has asked so far: only the instructions the server has sent (the page never knows the next
 * one before it arrives), how many the check has in all, and whether the server said stop.
 */
export interface LiveGuide {
  shown: readonly ShownStep[];
  of: number;
  stopped: boolean;
}

/** What the recording asks now: the live check's instructions, the blink-only prompt, or nothing yet (null). */
export type Guide = LiveGuide | 'blink' | null;

export const newGuide = (of: number): LiveGuide => ({ shown: [], of, stopped: false });

/** The guide with the server's next instruction; one sent again under the same index replaces the first. */
export function withStep(guide: LiveGuide, next: { index: number; step: ChallengeStep; of: number }): LiveGuide {
  const shown = [...guide.shown.filter((s) => s.index !== next.index), { index: next.index, step: next.step, seen: false }].sort((a, b) => a.index - b.index);
  return { ...guide, shown, of: Math.max(next.of, shown.length) };
}

export const withSeen = (guide: LiveGuide, index: number): LiveGuide => ({
  ...guide,
  shown: guide.shown.map((s) => (s.index === index ? { ...s, seen: true } : s)),
});

export const withStop = (guide: LiveGuide): LiveGuide => ({ ...guide, stopped: true });

/** The instruction to follow now: the latest one sent, until the server says stop. */
export const currentStep = (guide: LiveGuide): ShownStep | null => (guide.stopped ? null : (guide.shown.at(-1) ?? null));

/** A step is over once a later one arrived or the check stopped; the tracker seeing it done counts too. */
export const isDone = (guide: LiveGuide, step: ShownStep) => step.seen || step !== currentStep(guide);
