import { DISPLAY_TIME_ZONE } from '@shared/constants';

/**
 * A Kolkata formatter made on its first use, not as this module loads: a browser's first Intl formatter loads the
 * locale's data (about 20 ms on a laptop, four times that on Lighthouse's phone), which a page that shows no date (the
 * Reports page's first screen) need not wait for.
 */
function kolkata(options: Intl.DateTimeFormatOptions): (d: Date) => string {
  let made: Intl.DateTimeFormat | undefined;
  return (d) => {
    made ??= new Intl.DateTimeFormat('en-IN', { timeZone: DISPLAY_TIME_ZONE, ...options });
    return made.format(d);
  };
}
const dateTime = kolkata({ dateStyle: 'medium', timeStyle: 'medium' });
const dateOnly = kolkata({ dateStyle: 'medium' });
const timeOnly = kolkata({ timeStyle: 'medium' });

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Times are shown in Asia/Kolkata whatever the browser's zone (SPEC 9). */
export const formatDateTime = (value: string | null | undefined, fallback = '') => {
  const d = parse(value);
  return d ? dateTime(d) : fallback;
};
export const formatDate = (value: string | null | undefined, fallback = '') => {
  const d = parse(value);
  return d ? dateOnly(d) : fallback;
};
export const formatTime = (value: string | null | undefined, fallback = '') => {
  const d = parse(value);
  return d ? timeOnly(d) : fallback;
};

/**
 * A count as toLocaleString('en-IN') writes it (1234567 -> '12,34,567': thousands, then lakhs and crores), without
 * Intl: a page of counts does not load the locale's data for them (see kolkata above).
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-IN');
  const digits = String(Math.abs(n));
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${n < 0 ? '-' : ''}${head ? `${head},` : ''}${digits.slice(-3)}`;
}

/** 'not_verified' -> 'Not verified'. */
export function humanize(value: string | null | undefined, fallback = ''): string {
  if (!value) return fallback;
  const text = value.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const formatCoords = (c: { latitude: number; longitude: number }) => `${c.latitude.toFixed(6)}, ${c.longitude.toFixed(6)}`;

/** 125 -> '2:05'. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** A distance the server rounded (coarseDistanceMeters): 230 -> '230 m', 1200 -> '1.2 km'. */
export const formatDistance = (meters: number) => (meters < 1000 ? `${Math.round(meters)} m` : `${(meters / 1000).toFixed(1)} km`);
