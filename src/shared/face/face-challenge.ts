import { z } from 'zod';

/**
 * The moves of a liveness challenge (issue 20), shared by the server that issues and checks them and the page that
 * guides the student. Left and right are the student's OWN: in an unmirrored recording the student's own left turn
 * moves the face toward the right of the image.
 */
export const CHALLENGE_STEPS = ['turn_left', 'turn_right', 'blink'] as const;
export const ZChallengeStep = z.enum(CHALLENGE_STEPS);
export type ChallengeStep = z.infer<typeof ZChallengeStep>;

/** A challenge names at least one move; a few more may come later, never a long list. */
export const ZChallengeSteps = z.array(ZChallengeStep).min(1).max(6);

/** Short names accepted where a person types a challenge (the CLI): left, right, blink. */
const ALIASES: Record<string, ChallengeStep> = { left: 'turn_left', right: 'turn_right' };

/** 'left,right,blink' or 'turn_left,blink' into steps; throws a ZodError naming the bad step. */
export function parseChallengeSteps(text: string): ChallengeStep[] {
  const words = text
    .split(',')
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);
  return ZChallengeSteps.parse(words.map((w) => ALIASES[w] ?? w));
}

/** Where the page saw a step done: milliseconds from the recording's start. A hint tells the server where to look, never what it will find. */
export interface ChallengeHint {
  step: ChallengeStep;
  t_ms: number;
}
