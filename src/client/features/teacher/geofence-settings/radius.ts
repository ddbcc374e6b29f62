import { DEFAULT_RADIUS_M } from '../../../../shared/constants';
import { ZRadius } from '../../../../shared/schemas/attendance/attendance';

/** The server's own radius rule (10-500 m). */
export const isValidRadius = (n: number) => ZRadius.safeParse(n).success;

function parse(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** The settings input (SPEC 5): non-numeric falls back to 50; a number outside 10-500 is ignored. */
export function nextSettingsRadius(text: string, previous: number): number {
  const n = parse(text);
  if (Number.isNaN(n)) return DEFAULT_RADIUS_M;
  return isValidRadius(n) ? n : previous;
}

/** The custom radius typed at start (SPEC 5): anything outside 10-500 uses 50 and is reported as invalid. */
export function customRadiusChoice(text: string): { radius: number; invalid: boolean } {
  const n = parse(text);
  return isValidRadius(n) ? { radius: n, invalid: false } : { radius: DEFAULT_RADIUS_M, invalid: true };
}
