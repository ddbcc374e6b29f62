import { describe, expect, it } from 'vitest';
import { computeStanding, semesterOutlook } from '@shared/attendance/attendance-standing';
import { outlookWords, standingWords } from './standing-words';

const rule = { required_rate: 75, late_counts_as_present: true };
const words = (held: number, present: number, excused = 0) => standingWords(computeStanding({ held, present, late: 0, excused }, rule));

describe('standingWords', () => {
  it('says the issue’s sentences', () => {
    expect(words(0, 0)).toMatchObject({ headline: 'No sessions yet', advice: null });
    // 7 of 9 = 77.8%: two more misses make 7/11 = 63.6%, one makes 7/10 = 70%.
    expect(words(9, 7).headline).toBe('77.8% — above the 75% required');
    // Issue 36: nothing said of the semester's sessions to come (not known): no 'you cannot miss another session'.
    expect(words(1, 1)).toMatchObject({ headline: '100% — above the 75% required', advice: null });
    expect(words(20, 20)).toMatchObject({ advice: null, tone: 'ok' });
    expect(words(10, 9)).toMatchObject({ advice: null, tone: 'close' });
    expect(words(10, 6)).toMatchObject({
      headline: '60% — below the 75% required',
      advice: 'Below 75%: you need to attend the next 6 sessions to get back',
      tone: 'below',
    });
    expect(words(4, 3).headline).toBe('75% — exactly the 75% required');
    expect(words(2, 0, 2).headline).toMatch(/excused/);
  });
});

describe('outlookWords', () => {
  const outlook = (held: number, present: number, remaining: number | null) =>
    outlookWords(semesterOutlook(computeStanding({ held, present, late: 0, excused: 0 }, rule), remaining), 75);

  it('says the most still possible and what it takes, or that 75% is out of reach', () => {
    expect(outlook(4, 3, 4)).toEqual({
      lines: ['Most still possible: 87.5% (4 sessions to come this semester)', 'Attend 3 of the 4 to end the semester at 75% or above'],
      cannotReach: false,
    });
    expect(outlook(4, 0, 4)).toEqual({
      lines: ['Most still possible: 50% (4 sessions to come this semester)', 'Can no longer reach 75% this semester'],
      cannotReach: true,
    });
    expect(outlook(20, 20, 1).lines[1]).toBe('You end the semester at 75% or above whatever comes');
    expect(outlook(4, 3, 0).lines).toEqual(['No more sessions this semester', 'You end the semester at 75% or above whatever comes']);
  });

  it('says the sessions to come are not known rather than guess', () => {
    expect(outlook(4, 3, null)).toEqual({ lines: ['Sessions to come this semester: not known (your department has no timetable yet)'], cannotReach: false });
  });
});
