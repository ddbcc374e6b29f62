import type { Standing } from '@shared/attendance/attendance-standing';
import { MSG } from '@shared/messages';

/** The standing in the plain words of issue 24: a headline and what the student can do about it. */
export function standingWords(s: Standing): { headline: string; advice: string | null; tone: 'ok' | 'close' | 'below' | 'none' } {
  if (s.held === 0) return { headline: MSG.attendanceRule.noSessions, advice: null, tone: 'none' };
  if (s.rate === null) return { headline: MSG.attendanceRule.allExcused, advice: null, tone: 'none' };
  const R = s.required_rate;
  if (s.needed_to_recover === null) return { headline: MSG.attendanceRule.below(s.rate, R), advice: MSG.attendanceRule.cannotRecover(R), tone: 'below' };
  if (s.needed_to_recover > 0)
    return { headline: MSG.attendanceRule.below(s.rate, R), advice: MSG.attendanceRule.toRecover(s.needed_to_recover, R), tone: 'below' };
  const headline = s.rate * 1 === R ? MSG.attendanceRule.at(s.rate, R) : MSG.attendanceRule.above(s.rate, R);
  // Issue 36: no word on how many may be missed 'this semester': the sessions to come are not known (no calendar),
  // and one miss now may be made up later. The rate so far is what is known; the tone still warns when it is close.
  return { headline, advice: null, tone: s.can_miss <= 2 ? 'close' : 'ok' };
}
