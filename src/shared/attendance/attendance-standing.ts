/**
 * The attendance rule's arithmetic (issue 24), pure so the server, the tests and the page read one definition.
 * Excused sessions leave the denominator; a late mark counts as attended unless the rule says otherwise, and then it
 * counts against the student like an absence. The standing is computed over the sessions held so far: can_miss is
 * how many consecutive misses from now keep the rate at or above the rule, and needed_to_recover how many consecutive
 * attended sessions bring it back. Where the department has a timetable (issue 39), the sessions still to come this
 * semester are known too, and semesterOutlook says where the semester can still end.
 */
export interface SessionTally {
  /** Sessions of the student's department held in the period since the student's activation. */
  held: number;
  present: number;
  late: number;
  excused: number;
}

export interface RuleTerms {
  /** Whole percent, 1 to 100. */
  required_rate: number;
  late_counts_as_present: boolean;
}

export interface Standing {
  /** Percent with one decimal; null while no session counts (none held, or all excused). */
  rate: number | null;
  required_rate: number;
  held: number;
  attended: number;
  excused: number;
  /** Consecutive misses from now that keep the rate at or above the rule; 0 when below it or with nothing counted. */
  can_miss: number;
  /** Consecutive attended sessions needed to reach the rule; 0 when at or above it; null when no number of them can (a 100% rule). */
  needed_to_recover: number | null;
}

/** Students this close (can miss at most this many more) are on the teacher's At risk list with those below. */
export const AT_RISK_MARGIN = 2;

export function computeStanding(t: SessionTally, rule: RuleTerms): Standing {
  const R = rule.required_rate;
  const attended = t.present + (rule.late_counts_as_present ? t.late : 0);
  const excused = Math.min(t.excused, t.held);
  const counted = t.held - excused;
  const base = { required_rate: R, held: t.held, attended, excused };
  if (counted <= 0) return { ...base, rate: null, can_miss: 0, needed_to_recover: 0 };
  const rate = Math.round((attended / counted) * 1000) / 10;
  // Integer arithmetic on percent: attended * 100 >= R * counted is "at or above the rule", with no rounding at the line.
  const margin = attended * 100 - R * counted;
  if (margin >= 0) return { ...base, rate, can_miss: Math.floor(margin / R), needed_to_recover: 0 };
  if (R >= 100) return { ...base, rate, can_miss: 0, needed_to_recover: null };
  return { ...base, rate, can_miss: 0, needed_to_recover: Math.ceil(-margin / (100 - R)) };
}

export const isBelowRule = (s: Standing) => s.rate !== null && s.needed_to_recover !== 0;

export const isAtRisk = (s: Standing) => s.rate !== null && (isBelowRule(s) || s.can_miss <= AT_RISK_MARGIN);

/** Issue 39: where the semester can still end, from the sessions still to come; every figure null without a timetable. */
export interface Outlook {
  /** Sessions still to come this semester; null when not known (the department has no timetable). */
  remaining: number | null;
  /** The rate at the semester's end if every remaining session is attended: the most still possible. */
  best_rate: number | null;
  /** Of the remaining sessions, how many must be attended to end the semester at or above the rule. */
  needed_by_end: number | null;
  /** True when attending every remaining session still ends below the rule. */
  cannot_reach: boolean | null;
}

export function semesterOutlook(s: Standing, remaining: number | null): Outlook {
  if (remaining === null) return { remaining: null, best_rate: null, needed_by_end: null, cannot_reach: null };
  const total = s.held - s.excused + remaining;
  if (total <= 0) return { remaining, best_rate: null, needed_by_end: 0, cannot_reach: false };
  const best_rate = Math.round(((s.attended + remaining) / total) * 1000) / 10;
  // The same integer test as the standing's: (attended + x) * 100 >= R * total, for the fewest x.
  const needed_by_end = Math.max(0, Math.ceil((s.required_rate * total - s.attended * 100) / 100));
  return { remaining, best_rate, needed_by_end, cannot_reach: needed_by_end > remaining };
}
