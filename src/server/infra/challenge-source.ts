import { randomBytes, randomInt } from 'node:crypto';
import type { ChallengeStep } from '../../shared/face/face-challenge';

/**
 * Where the face challenge's randomness comes from. Production draws from the operating system's CSPRNG, and nothing
 * in the environment can fix or predict it; tests inject their own (buildDeps' challengeSource).
 */
export interface ChallengeSource {
  /** A fresh challenge id (unguessable: it is the only thing naming the challenge). */
  id(): string;
  /** The steps, in order. */
  steps(): ChallengeStep[];
}

/** One head turn (the student's own left or right) and one blink, the turn first or second: four challenges. */
export const cryptoChallengeSource: ChallengeSource = {
  id: () => randomBytes(16).toString('base64url'),
  steps() {
    const turn: ChallengeStep = randomInt(2) === 0 ? 'turn_left' : 'turn_right';
    return randomInt(2) === 0 ? [turn, 'blink'] : ['blink', turn];
  },
};

/** A source that always asks the same steps (tests and the browser test's fixture camera). */
export function fixedChallengeSource(steps: ChallengeStep[]): ChallengeSource {
  return { id: cryptoChallengeSource.id, steps: () => [...steps] };
}
