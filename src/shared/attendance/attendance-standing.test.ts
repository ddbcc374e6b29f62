import { describe, expect, it } from 'vitest';
import { computeStanding, isAtRisk, isBelowRule, semesterOutlook } from './attendance-standing';

const rule = { required_rate: 75, late_counts_as_present: true };
const tally = (held: number, present: number, late = 0, excused = 0) => ({ held, present, late, excused });

describe('computeStanding', () => {
  it('gives no rate and nothing to miss or recover before any session', () => {
    expect(computeStanding(tally(0, 0), rule)).toEqual({ rate: null, required_rate: 75, held: 0, attended: 0, excused: 0, can_miss: 0, needed_to_recover: 0 });
  });

  it('gives no rate when every session held was excused', () => {
    const s = computeStanding(tally(3, 0, 0, 3), rule);
    expect(s.rate).toBeNull();
    expect(isBelowRule(s)).toBe(false);
  });

  it('counts how many consecutive misses keep the rate at or above the rule', () => {
    // 9 of 10: 9/11 = 81.8%, 9/12 = 75% (still at the rule), 9/13 = 69%.
    const s = computeStanding(tally(10, 9), rule);
    expect(s.rate).toBe(90);
    expect(s.can_miss).toBe(2);
    expect(s.needed_to_recover).toBe(0);
    expect(isAtRisk(s)).toBe(true);
  });

  it('counts the attended sessions in a row needed to get back to the rule', () => {
    // 4 of 10: (4+n)/(10+n) >= 0.75 first at n = 14.
    const s = computeStanding(tally(10, 4), rule);
    expect(s.rate).toBe(40);
    expect(s.needed_to_recover).toBe(14);
    expect((4 + 13) / (10 + 13)).toBeLessThan(0.75);
    expect((4 + 14) / (10 + 14)).toBeGreaterThanOrEqual(0.75);
    expect(isBelowRule(s)).toBe(true);
  });

  it('takes excused sessions out of the denominator', () => {
    // 6 attended of 10 held with 2 excused: 6/8 = 75%, exactly the rule.
    const s = computeStanding(tally(10, 6, 0, 2), rule);
    expect(s).toMatchObject({ rate: 75, excused: 2, can_miss: 0, needed_to_recover: 0 });
  });

  it('counts late as present unless the rule says otherwise', () => {
    expect(computeStanding(tally(4, 2, 2), rule)).toMatchObject({ rate: 100, attended: 4 });
    expect(computeStanding(tally(4, 2, 2), { ...rule, late_counts_as_present: false })).toMatchObject({ rate: 50, attended: 2, needed_to_recover: 4 });
  });

  it('says a 100% rule cannot be recovered once a session was missed', () => {
    const s = computeStanding(tally(5, 4), { required_rate: 100, late_counts_as_present: true });
    expect(s.needed_to_recover).toBeNull();
    expect(isBelowRule(s)).toBe(true);
  });

  it('is not at risk with room to spare', () => {
    expect(isAtRisk(computeStanding(tally(20, 20), rule))).toBe(false); // can miss 6
  });
});

describe('semesterOutlook', () => {
  const outlook = (t: ReturnType<typeof tally>, remaining: number | null) => semesterOutlook(computeStanding(t, rule), remaining);

  it('knows nothing without a timetable', () => {
    expect(outlook(tally(10, 4), null)).toEqual({ remaining: null, best_rate: null, needed_by_end: null, cannot_reach: null });
  });

  it('counts the most still possible over the sessions held and to come', () => {
    // 4 of 10 attended, 20 to come: at best 24 of 30 = 80%; 75% of 30 is 22.5, so 19 more of the 20 are needed.
    expect(outlook(tally(10, 4), 20)).toEqual({ remaining: 20, best_rate: 80, needed_by_end: 19, cannot_reach: false });
    // 4 of 10 and 10 to come: at best 14 of 20 = 70%, 15 needed of 10: no longer reachable.
    expect(outlook(tally(10, 4), 10)).toEqual({ remaining: 10, best_rate: 70, needed_by_end: 11, cannot_reach: true });
    // Exactly on the line: 3 of 4 held and none to come is 75%: nothing needed.
    expect(outlook(tally(4, 3), 0)).toEqual({ remaining: 0, best_rate: 75, needed_by_end: 0, cannot_reach: false });
  });

  it('leaves excused sessions out of both sides', () => {
    // 6 of 8 counted (2 excused), 2 to come: at best 8 of 10 = 80%; 7.5 rounds up to 8: both remaining needed.
    expect(outlook(tally(10, 6, 0, 2), 2)).toEqual({ remaining: 2, best_rate: 80, needed_by_end: 2, cannot_reach: false });
  });

  it('has no best rate while nothing counts and nothing is to come', () => {
    expect(outlook(tally(0, 0), 0)).toEqual({ remaining: 0, best_rate: null, needed_by_end: 0, cannot_reach: false });
    expect(outlook(tally(0, 0), 4)).toEqual({ remaining: 4, best_rate: 100, needed_by_end: 3, cannot_reach: false });
  });
});
