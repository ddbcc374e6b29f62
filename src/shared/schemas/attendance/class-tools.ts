import { z } from 'zod';
import { MSG } from '@shared/messages';
import { BULK_STATUSES } from '@shared/attendance/attendance-status';
import { ZManualMarkInput } from './attendance';
import { ZEmail, ZPassword, ZPhone, ZUsername } from '../accounts/auth';
import { REJECT_REASON_MAX } from '@shared/constants';

/** A tile URL template longer than this is no tile server's. */
export const TILE_URL_MAX = 300;
/** OpenStreetMap's own tile server: the map's default until an administrator sets another or clears it. */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** teacher.rejectStudents and PATCH /api/reject_students: pending students and one optional reason for them all. */
export const ZRejectInput = z.object({
  user_ids: z.array(z.number().int().positive()).min(1, MSG.teacher.selectStudent).max(500),
  reason: z
    .string()
    .trim()
    .max(REJECT_REASON_MAX, MSG.reject.reasonTooLong(REJECT_REASON_MAX))
    .optional()
    .transform((r) => r || null),
});
export type TRejectInput = z.input<typeof ZRejectInput>;

/** teacher.addStudent and POST /api/teacher/students: an active student of the teacher's own department. */
export const ZTeacherAddStudentInput = z.object({
  username: ZUsername,
  email: ZEmail,
  phone_number: ZPhone.optional().default(''),
  password: ZPassword,
});
export type TTeacherAddStudentInput = z.input<typeof ZTeacherAddStudentInput>;

/** teacher.markRemaining and PATCH /api/mark_remaining: every student of the session without a mark yet. */
export const ZMarkRemainingInput = ZManualMarkInput.pick({ session_id: true }).extend({ status: z.enum(BULK_STATUSES) });
export type TMarkRemainingInput = z.input<typeof ZMarkRemainingInput>;

/**
 * A tile server's URL template as Leaflet takes it: https (the page's own origin may serve them over http in a test or
 * a LAN install), with {z}, {x} and {y}. Null turns the map off.
 */
export const ZTileUrl = z
  .string()
  .trim()
  .max(TILE_URL_MAX, MSG.mapTiles.invalid)
  .refine((url) => {
    if (!['{z}', '{x}', '{y}'].every((p) => url.includes(p))) return false;
    try {
      const u = new URL(url.replace(/\{[a-z]+\}/g, '0'));
      return u.protocol === 'https:' || u.protocol === 'http:';
    } catch {
      return false;
    }
  }, MSG.mapTiles.invalid);

export const ZMapTilesInput = z.object({ url_template: ZTileUrl.nullable() });
export type TMapTilesInput = z.input<typeof ZMapTilesInput>;
