import { describe, expect, it } from 'vitest';
import { DISPLAY_TIME_ZONE } from './constants';
import { fileStamp, formatKolkata, kolkataDayEnd, kolkataDayStart, kolkataFormatter } from './kolkata-time';

const intl = new Intl.DateTimeFormat('en-GB', {
  timeZone: DISPLAY_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

describe('Kolkata time for reports', () => {
  it('formats like Intl in the Asia/Kolkata zone, across day, month and year boundaries', () => {
    const samples = ['2026-11-23T17:45:09.000Z', '2025-12-31T18:29:59.999Z', '2025-12-31T18:30:00.000Z', '2024-02-28T20:00:00Z', '2000-01-01T00:00:00Z'];
    for (let i = 0; i < 500; i++) samples.push(new Date(Date.UTC(2020, 0, 1) + i * 7_919_993_117).toISOString());
    for (const iso of samples) expect(formatKolkata(iso), iso).toBe(intl.format(new Date(iso)).replace(',', ''));
  });

  it('formats a run of times (the CSV export) exactly as one at a time, in order or not', () => {
    const format = kolkataFormatter();
    const start = Date.UTC(2025, 11, 31, 18, 28, 58);
    const samples = [];
    for (let i = 0; i < 400; i++) samples.push(new Date(start + i * 1_237).toISOString());
    for (let i = 0; i < 200; i++) samples.push(new Date(Date.UTC(2020, 0, 1) + i * 7_919_993_117).toISOString());
    samples.push('2025-12-31T18:29:59.999Z', '2025-12-31T18:29:00Z', 'nonsense', '1969-12-31T23:59:59.500Z', '1969-12-31T23:58:01Z');
    for (const iso of samples) expect(format(iso), iso).toBe(formatKolkata(iso));
    expect(format(null)).toBe('');
  });

  it('turns a calendar day into the instants bounding it in Kolkata', () => {
    expect(kolkataDayStart('2026-11-23')).toBe('2026-11-22T18:30:00.000Z');
    expect(kolkataDayEnd('2026-11-23')).toBe('2026-11-23T18:30:00.000Z');
    expect(fileStamp(new Date('2026-11-23T18:45:01Z'))).toBe('20261124_001501');
  });

  it('leaves a missing time empty', () => {
    expect(formatKolkata(null)).toBe('');
    expect(formatKolkata('nonsense')).toBe('');
  });
});
