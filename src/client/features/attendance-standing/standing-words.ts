import type { Standing } from '../../../shared/attendance/attendance-standing';
import { MSG } from '../../../shared/messages';

const M = MSG.attendanceRule;

/** The standing in the plain words of issue 24: a headline and what the student can do about it. */
export function standingWords(s: Standing): { headline: string; advice: string | null; tone: 'ok' | 'close' | 'below' | 'none' } {
  if (s.held === 0) return { headline: M.noSessions, advice: null, tone: 'none' };
  if (s.rate === null) return { headline: M.allExcused, advice: null, tone: 'none' };
  const R = s.required_rate;
  if (s.needed_to_recover === null) return { headline: M.below(s.rate, R), advice: M.cannotRecover(R), tone: 'below' };
  if (s.needed_to_recover > 0) return { headline: M.below(s.rate, R), advice: M.toRecover(s.needed_to_recover, R), tone: 'below' };
  const headline = s.rate * 1 === R ? M.at(s.rate, R) : M.above(s.rate, R);
  // Issue 36: no word on how many may be missed 'this semester': the sessions to come are not known (no calendar),
  // and one miss now may be made up later. The rate so far is what is known; the tone still warns when it is close.
  return { headline, advice: null, tone: s.can_miss <= 2 ? 'close' : 'ok' };
}
