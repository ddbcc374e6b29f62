import { DISPLAY_TIME_ZONE } from '../../../shared/constants';

const dateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: DISPLAY_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Day/month/year with a 24-hour time in Asia/Kolkata, as the CSV exports write it (SPEC 9). */
export function formatAdminDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateTime.format(d).replace(',', '');
}

export const formatCoordinate = (v: number | null | undefined) => (v === null || v === undefined ? '' : v.toFixed(6));
