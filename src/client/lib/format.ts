import { DISPLAY_TIME_ZONE } from '../../shared/constants';

const dateTime = new Intl.DateTimeFormat('en-IN', { timeZone: DISPLAY_TIME_ZONE, dateStyle: 'medium', timeStyle: 'medium' });
const dateOnly = new Intl.DateTimeFormat('en-IN', { timeZone: DISPLAY_TIME_ZONE, dateStyle: 'medium' });
const timeOnly = new Intl.DateTimeFormat('en-IN', { timeZone: DISPLAY_TIME_ZONE, timeStyle: 'medium' });

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Times are shown in Asia/Kolkata whatever the browser's zone (SPEC 9). */
export const formatDateTime = (value: string | null | undefined, fallback = '') => {
  const d = parse(value);
  return d ? dateTime.format(d) : fallback;
};
export const formatDate = (value: string | null | undefined, fallback = '') => {
  const d = parse(value);
  return d ? dateOnly.format(d) : fallback;
};
export const formatTime = (value: string | null | undefined, fallback = '') => {
  const d = parse(value);
  return d ? timeOnly.format(d) : fallback;
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
