import { describe, expect, it } from 'vitest';
import { computeStanding, isAtRisk, isBelowRule } from './attendance-standing';

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
