import { MSG } from '@shared/messages';

export interface RefusalAdvice {
  headline: string;
  step: string;
}

const REFUSALS: Record<string, RefusalAdvice> = { ...MSG.verification.refusals, ...MSG.faceChallenge.refusals };

/** The headline and next step for the server's refusal code; an unknown or missing code gets the general advice. */
export function refusalAdvice(errorCode: string | undefined): RefusalAdvice {
  return (errorCode && Object.hasOwn(REFUSALS, errorCode) && REFUSALS[errorCode]) || MSG.verification.refusedOther;
}

/**
 * Refusals after which another try cannot help now: the page stops offering Start (out of tries, the teacher marks by
 * hand; no session open, the dashboard is where to go next).
 */
export const isFinalRefusal = (errorCode: string | undefined) => errorCode === 'challenge_limit' || errorCode === 'no_active_session';
