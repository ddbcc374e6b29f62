/**
 * The attendance rule's arithmetic (issue 24), pure so the server, the tests and the page read one definition.
 * Excused sessions leave the denominator; a late mark counts as attended unless the rule says otherwise, and then it
 * counts against the student like an absence. Everything is computed over the sessions held so far: the semester's
 * remaining sessions are not known, so can_miss is how many consecutive misses from now keep the rate at or above
 * the rule, and needed_to_recover how many consecutive attended sessions bring it back.
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
