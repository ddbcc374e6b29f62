import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime, formatDistance, formatTime } from './format';

const clientDir = path.resolve(import.meta.dirname, '..');
const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });

describe('one date format on every screen (issue 22)', () => {
  it('shows a time in Kolkata, day month year then the time, whatever the browser zone', () => {
    // 17:45:09 UTC is 23:15:09 in Kolkata.
    expect(formatDateTime('2026-11-23T17:45:09.000Z')).toBe('23 Nov 2026, 11:15:09 pm');
    expect(formatDate('2026-11-23T19:00:00.000Z')).toBe('24 Nov 2026');
    expect(formatTime('2026-11-23T04:05:06.000Z')).toBe('9:35:06 am');
    expect(formatDateTime(null, '—')).toBe('—');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('is made in lib/format.ts only: no screen formats a date its own way', () => {
    const own = /Intl\.DateTimeFormat|toLocale(Date|Time)?String\(|formatKolkata|getUTC(Hours|Date)|getHours\(/;
    const offenders = sources(clientDir)
      .filter((f) => !f.endsWith(path.join('lib', 'format.ts')))
      .filter((f) =>
        fs
          .readFileSync(f, 'utf8')
          .split('\n')
          .some((line) => own.test(line) && !/toLocaleString\('en-IN'\)/.test(line)),
      )
      .map((f) => path.relative(clientDir, f));
    expect(offenders).toEqual([]);
  });
});

describe('formatCount', () => {
  it("writes a count as toLocaleString('en-IN') does: thousands, then lakhs and crores", () => {
    const counts = [0, 7, 42, 999, 1000, 12_345, 99_999, 100_000, 1_234_567, 12_345_678, 123_456_789, 9_876_543_210, -1234, -100_000];
    expect(counts.map(formatCount)).toEqual(counts.map((n) => n.toLocaleString('en-IN')));
    expect(formatCount(1_234_567)).toBe('12,34,567');
  });
});

describe('formatDistance', () => {
  it('says metres under 1 km and kilometres to one decimal from there', () => {
    expect([10, 230, 990].map(formatDistance)).toEqual(['10 m', '230 m', '990 m']);
    expect([1_000, 1_200, 12_300].map(formatDistance)).toEqual(['1.0 km', '1.2 km', '12.3 km']);
  });
});
