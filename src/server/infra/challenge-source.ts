import { randomBytes, randomInt } from 'node:crypto';
import { CHALLENGE_STEPS, type ChallengeStep } from '@shared/face/face-challenge';

/**
 * Where the face challenge's randomness comes from. Production draws from the operating system's CSPRNG, and nothing
 * in the environment can fix or predict it; tests inject their own (buildDeps' challengeSource).
 */
export interface ChallengeSource {
  /** A fresh check id (unguessable: it is the only thing naming the check). */
  id(): string;
  /** The live check's next instruction (issue 33), drawn when it is sent: each of the three moves alike. */
  step(): ChallengeStep;
  /** A whole number of milliseconds in [min, max], drawn when needed: when the next instruction comes. */
  between(min: number, max: number): number;
}

export const cryptoChallengeSource: ChallengeSource = {
  id: () => randomBytes(16).toString('base64url'),
  step: () => CHALLENGE_STEPS[randomInt(CHALLENGE_STEPS.length)],
  between: (min, max) => randomInt(min, max + 1),
};

/** A source that asks the given steps in turn, at random times (tests that need a known order). */
export function fixedChallengeSource(steps: ChallengeStep[]): ChallengeSource {
  let next = 0;
  return { ...cryptoChallengeSource, step: () => steps[next++ % steps.length] };
}
