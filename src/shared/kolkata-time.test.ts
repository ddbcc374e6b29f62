import { describe, expect, it } from 'vitest';
import { DISPLAY_TIME_ZONE } from './constants';
import { fileStamp, formatKolkata, kolkataDayEnd, kolkataDayStart } from './kolkata-time';

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
