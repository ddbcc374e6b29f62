import { kolkataDay, kolkataDayStart } from '@shared/kolkata-time';

const DAY_MS = 86_400_000;

/** A Kolkata day's weekday, 1 Monday to 7 Sunday (the slots' numbering, ISO 8601's). */
export function weekdayOf(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
}

/** The Kolkata day `n` days after `day`. */
export const addDays = (day: string, n: number) => kolkataDay(new Date(Date.parse(kolkataDayStart(day)) + n * DAY_MS + 12 * 3600_000).toISOString());

/** The instant a slot starting at 'HH:MM' (Kolkata) begins on a Kolkata day. */
export function occurrenceStart(day: string, startTime: string): Date {
  const [h, m] = startTime.split(':').map(Number);
  return new Date(Date.parse(kolkataDayStart(day)) + (h * 60 + m) * 60_000);
}

/** 'HH:MM' plus minutes, as a clock time (past midnight it wraps). */
export function clockTimeAfter(startTime: string, minutes: number): string {
  const [h, m] = startTime.split(':').map(Number);
  const t = (h * 60 + m + minutes) % 1440;
  return `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
}
