import { z } from 'zod';
import { MAX_RADIUS_M, MIN_RADIUS_M, STUDENT_ATTENDANCE_PAGE_SIZE, TEACHER_STUDENT_PAGE_SIZE } from '../constants';
import { MSG } from '../messages';

const ZLatitude = z.coerce.number().min(-90, MSG.attendance.badCoordinates).max(90, MSG.attendance.badCoordinates);
const ZLongitude = z.coerce.number().min(-180, MSG.attendance.badCoordinates).max(180, MSG.attendance.badCoordinates);
export const ZRadius = z.coerce
  .number({ error: MSG.attendance.badRadius })
  .min(MIN_RADIUS_M, MSG.attendance.badRadius)
  .max(MAX_RADIUS_M, MSG.attendance.badRadius);

export const ZStartGeofenceInput = z.object({
  teacher_id: z.coerce.number().int().positive(),
  latitude: ZLatitude,
  longitude: ZLongitude,
  radius: ZRadius,
  /** A department id, or its name. */
  department: z.union([z.coerce.number().int().positive(), z.string().min(1)]),
  duration_minutes: z.coerce.number().int().min(1).max(180).optional(),
});
export type TStartGeofenceInput = z.infer<typeof ZStartGeofenceInput>;

export const ZMarkAttendanceInput = z.object({
  latitude: ZLatitude,
  longitude: ZLongitude,
  face_verified: z.boolean().optional(),
});
export type TMarkAttendanceInput = z.infer<typeof ZMarkAttendanceInput>;

export const ZManualMarkInput = z.object({
  student_id: z.coerce.number().int().positive(),
  session_id: z.coerce.number({ error: MSG.teacher.sessionIdMissing }).int().positive(MSG.teacher.sessionIdMissing),
  status: z.enum(['present', 'absent']),
});
export type TManualMarkInput = z.infer<typeof ZManualMarkInput>;

export const ZStudentPageInput = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(STUDENT_ATTENDANCE_PAGE_SIZE),
});

export const ZSessionStudentsInput = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(TEACHER_STUDENT_PAGE_SIZE),
  search: z.string().trim().max(100).default(''),
});

export const ZApproveInput = z.object({
  user_ids: z.array(z.coerce.number().int().positive()).min(1, MSG.teacher.selectStudent).max(500),
});
