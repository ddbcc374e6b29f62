/**
 * Asia/Kolkata is UTC+05:30 all year (no daylight saving since 1945), so a fixed offset gives the same answer as
 * Intl and is fast enough for a million CSV rows (kolkata-time.test.ts checks it against Intl).
 */
const OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** '2026-11-23T17:45:09.000Z' -> '23/11/2026 23:15:09' (day/month/year, 24-hour, SPEC 9); '' for no time. */
export function formatKolkata(iso: string | null | undefined): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const d = new Date(ms + OFFSET_MS);
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
}

/**
 * formatKolkata for many times in a row (the CSV export, oldest first): the date, hour and minute are formatted once
 * per minute and only the seconds per call. Kolkata's offset is whole minutes, so a UTC minute is a Kolkata minute.
 */
export function kolkataFormatter(): (iso: string | null | undefined) => string {
  let minute = Number.NaN;
  let prefix = '';
  return (iso) => {
    if (!iso) return '';
    const ms = Date.parse(iso);
    if (Number.isNaN(ms)) return '';
    const s = Math.floor(ms / 1000);
    const m = Math.floor(s / 60);
    if (m !== minute) {
      minute = m;
      prefix = formatKolkata(iso).slice(0, -2);
    }
    return prefix + two(s - m * 60);
  };
}

/** The first instant (ISO, UTC) of a Kolkata calendar day 'YYYY-MM-DD'. */
export function kolkataDayStart(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d) - OFFSET_MS).toISOString();
}

/** The first instant after a Kolkata calendar day (an exclusive end bound). */
export const kolkataDayEnd = (day: string) => new Date(Date.parse(kolkataDayStart(day)) + DAY_MS).toISOString();

/** A timestamp for file names, in Kolkata time: 20261123_231509. */
export function fileStamp(now: Date): string {
  const d = new Date(now.getTime() + OFFSET_MS);
  return `${d.getUTCFullYear()}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}_${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}`;
}

/** A coordinate as the detail popup and the CSV show it (SPEC 9): six decimals; '' for none. */
export const formatCoordinate = (v: number | null | undefined) => (v === null || v === undefined ? '' : v.toFixed(6));

/** The Kolkata calendar day 'YYYY-MM-DD' of an instant: the day a session belongs to for leave. */
export function kolkataDay(iso: string): string {
  const d = new Date(Date.parse(iso) + OFFSET_MS);
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}`;
}
