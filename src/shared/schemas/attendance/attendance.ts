import { z } from 'zod';
import '../error-map';
import {
  DEVICE_ID_RE,
  EXTEND_STEP_MINUTES,
  MAX_EXTEND_MINUTES,
  MAX_SESSION_MINUTES,
  MAX_RADIUS_M,
  MIN_RADIUS_M,
  STUDENT_ATTENDANCE_PAGE_SIZE,
  TEACHER_STUDENT_PAGE_SIZE,
} from '@shared/constants';
import { MSG } from '@shared/messages';
import { ATTENDANCE_STATUSES, MAX_LATE_AFTER_MINUTES } from '@shared/attendance/attendance-status';

// JSON numbers only: null, [], '' and false are wrong types (400), never 0.
const ZLatitude = z.number({ error: MSG.attendance.badCoordinates }).min(-90, MSG.attendance.badCoordinates).max(90, MSG.attendance.badCoordinates);
const ZLongitude = z.number({ error: MSG.attendance.badCoordinates }).min(-180, MSG.attendance.badCoordinates).max(180, MSG.attendance.badCoordinates);
/** The browser's coords.accuracy in metres, sent with every position. */
const ZAccuracy = z.number({ error: MSG.attendance.accuracyRequired }).min(0, MSG.attendance.accuracyRequired).max(1e7, MSG.attendance.accuracyRequired);
/** An id in a JSON body: a positive integer, or its decimal digits; never true, null or []. */
/** A positive id written as decimal digits (at most 16, so it stays a safe integer). */
const ID_DIGITS_RE = /^[1-9]\d{0,15}$/;
const ZId = z.union([z.number().int().positive(), z.string().regex(ID_DIGITS_RE).transform(Number)]);
export const ZRadius = z.number({ error: MSG.attendance.badRadius }).min(MIN_RADIUS_M, MSG.attendance.badRadius).max(MAX_RADIUS_M, MSG.attendance.badRadius);

export const ZStartGeofenceInput = z.object({
  teacher_id: ZId,
  latitude: ZLatitude,
  longitude: ZLongitude,
  /** Optional for the teacher: the session's centre is theirs to choose. */
  accuracy: ZAccuracy.optional(),
  radius: ZRadius,
  /** A department id, or its name. */
  department: z.union([z.number().int().positive(), z.string().trim().min(1).max(40)], { error: MSG.attendance.unknownDepartment }),
  /** Issue 36: the teacher's choice of length; SESSION_MINUTES when absent. */
  duration_minutes: z
    .number({ error: MSG.sessionTime.badLength })
    .int(MSG.sessionTime.badLength)
    .min(1, MSG.sessionTime.badLength)
    .max(MAX_SESSION_MINUTES, MSG.sessionTime.badLength)
    .optional(),
  /** Require the rotating room code for this session (issue 19); the REST default is false, the dashboard sends true. */
  room_code: z.boolean().optional(),
  /** Issue 24: an own mark more than this many minutes after the start is late; DEFAULT_LATE_AFTER_MINUTES if absent. */
  late_after_minutes: z
    .number({ error: MSG.late.badGrace })
    .int(MSG.late.badGrace)
    .min(0, MSG.late.badGrace)
    .max(MAX_LATE_AFTER_MINUTES, MSG.late.badGrace)
    .optional(),
});
export type TStartGeofenceInput = z.infer<typeof ZStartGeofenceInput>;

/** Issue 36: Extend on a running session: its own teacher moves its end later, for every node. */
export const ZExtendGeofenceInput = z.object({
  minutes: z
    .number({ error: MSG.sessionTime.badExtension })
    .int(MSG.sessionTime.badExtension)
    .min(1, MSG.sessionTime.badExtension)
    .max(MAX_EXTEND_MINUTES, MSG.sessionTime.badExtension)
    .default(EXTEND_STEP_MINUTES),
  /** The session the teacher sees; an ended one is refused rather than another extended. */
  session_id: z.union([z.number().int().positive(), z.string().regex(ID_DIGITS_RE).transform(Number)]).optional(),
});
export type TExtendGeofenceInput = z.infer<typeof ZExtendGeofenceInput>;

export const ZMarkAttendanceInput = z.object({
  latitude: ZLatitude,
  longitude: ZLongitude,
  accuracy: ZAccuracy,
  face_verified: z.boolean().optional(),
  /** The code on the classroom screen, when the session requires one (case and spaces ignored). */
  room_code: z
    .string()
    .max(32)
    .transform((s) => s.replace(/\s+/g, '').toUpperCase())
    .optional(),
  /** The browser's own random id (localStorage), so one device marking two students shows (issue 19 flags). */
  device_id: z.string().regex(DEVICE_ID_RE, MSG.markFlags.badDeviceId).optional(),
});
export type TMarkAttendanceInput = z.infer<typeof ZMarkAttendanceInput>;

export const ZManualMarkInput = z.object({
  student_id: ZId,
  session_id: z.union([z.number().int().positive(MSG.teacher.sessionIdMissing), z.string().regex(ID_DIGITS_RE).transform(Number)], {
    error: MSG.teacher.sessionIdMissing,
  }),
  /** Issue 24: a teacher's mark may be any of the four. */
  status: z.enum(ATTENDANCE_STATUSES),
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
  user_ids: z.array(ZId).min(1, MSG.teacher.selectStudent).max(500),
});
