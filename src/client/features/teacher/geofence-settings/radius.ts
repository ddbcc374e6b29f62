import { DEFAULT_RADIUS_M } from '@shared/constants';
import { ZRadius } from '@shared/schemas/attendance/attendance';

/**
 * The custom radius typed at start (SPEC 5), checked by the server's own rule (10-500 m): anything else uses 50 and is
 * reported as invalid.
 */
export function customRadiusChoice(text: string): { radius: number; invalid: boolean } {
  const n = text.trim() === '' ? Number.NaN : Number(text);
  return ZRadius.safeParse(n).success ? { radius: n, invalid: false } : { radius: DEFAULT_RADIUS_M, invalid: true };
}
