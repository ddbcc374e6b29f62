import { DISPLAY_TIME_ZONE } from '../../shared/constants';

/**
 * Each formatter is made on its first use: building one loads the locale's and the zone's data, about 25 ms of a
 * phone's main thread apiece, which at module load fell in the dashboard's first long task for dates it did not show.
 */
function lazyFormat(options: Intl.DateTimeFormatOptions): (d: Date) => string {
  let format: Intl.DateTimeFormat | null = null;
  return (d) => {
    format ??= new Intl.DateTimeFormat('en-IN', { timeZone: DISPLAY_TIME_ZONE, ...options });
    return format.format(d);
  };
}
const dateTime = lazyFormat({ dateStyle: 'medium', timeStyle: 'medium' });
const dateOnly = lazyFormat({ dateStyle: 'medium' });
const timeOnly = lazyFormat({ timeStyle: 'medium' });

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
