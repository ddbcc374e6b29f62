import type { Outlook, Standing } from '@shared/attendance/attendance-standing';
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
  // Issue 36: no word here on how many may be missed 'this semester': one miss now may be made up later. What the
  // semester's sessions to come allow is outlookWords's (issue 39), from the timetable; the tone warns when it is close.
  return { headline, advice: null, tone: s.can_miss <= 2 ? 'close' : 'ok' };
}

/** Issue 39: where the semester can still end, in words; one line saying it is not known without a timetable. */
export function outlookWords(o: Outlook, required: number): { lines: string[]; cannotReach: boolean } {
  if (o.remaining === null) return { lines: [MSG.attendanceRule.outlookUnknown], cannotReach: false };
  const lines = [o.remaining === 0 || o.best_rate === null ? MSG.attendanceRule.noneToCome : MSG.attendanceRule.mostPossible(o.best_rate, o.remaining)];
  if (o.cannot_reach) return { lines: [...lines, MSG.attendanceRule.cannotReachSemester(required)], cannotReach: true };
  if (o.needed_by_end === 0) lines.push(MSG.attendanceRule.sureToReach(required));
  else if (o.needed_by_end !== null) lines.push(MSG.attendanceRule.neededByEnd(o.needed_by_end, o.remaining, required));
  return { lines, cannotReach: false };
}
