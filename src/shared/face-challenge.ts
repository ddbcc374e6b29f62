/**
 * Issue 20: what the face check's challenge may ask, in the student's own directions (their own left turn moves the
 * face toward the right of an unmirrored recording). A challenge is a list so a longer one can come later.
 */
export const CHALLENGE_STEPS = ['turn_left', 'turn_right', 'blink'] as const;
export type ChallengeStep = (typeof CHALLENGE_STEPS)[number];

/** Where the page saw a step done: milliseconds from the recording's start. A hint tells the server where to look, never what it will find. */
export interface ChallengeHint {
  step: ChallengeStep;
  t_ms: number;
}
