import { z } from 'zod';
import '../error-map';
import { MAX_SESSION_MINUTES, MIN_SLOT_MINUTES } from '@shared/constants';
import { MSG } from '@shared/messages';
import { ZRadius } from './attendance';

const ZId = z.number().int().positive();
const ZName = z.string().trim().min(1, MSG.timetable.badRoomName).max(60, MSG.timetable.badRoomName);
/** 'HH:MM', 24-hour, Kolkata time. */
export const ZSlotTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, MSG.timetable.badStartTime);

/** A room of a department: a teacher's own (department_id ignored), any for an admin (department_id required). */
export const ZRoomInput = z.object({
  department_id: ZId.optional(),
  name: ZName,
  latitude: z.number({ error: MSG.attendance.badCoordinates }).min(-90, MSG.attendance.badCoordinates).max(90, MSG.attendance.badCoordinates),
  longitude: z.number({ error: MSG.attendance.badCoordinates }).min(-180, MSG.attendance.badCoordinates).max(180, MSG.attendance.badCoordinates),
  radius: ZRadius,
});
export type TRoomInput = z.infer<typeof ZRoomInput>;

/** A weekly slot; the department is its room's. */
export const ZSlotInput = z.object({
  room_id: ZId,
  /** The teacher who takes it: the caller when absent (an admin must name one). */
  teacher_id: ZId.optional(),
  /** 1 Monday to 7 Sunday, in Kolkata. */
  weekday: z.number({ error: MSG.timetable.badWeekday }).int(MSG.timetable.badWeekday).min(1, MSG.timetable.badWeekday).max(7, MSG.timetable.badWeekday),
  start_time: ZSlotTime,
  length_minutes: z
    .number({ error: MSG.timetable.badLength(MIN_SLOT_MINUTES, MAX_SESSION_MINUTES) })
    .int(MSG.timetable.badLength(MIN_SLOT_MINUTES, MAX_SESSION_MINUTES))
    .min(MIN_SLOT_MINUTES, MSG.timetable.badLength(MIN_SLOT_MINUTES, MAX_SESSION_MINUTES))
    .max(MAX_SESSION_MINUTES, MSG.timetable.badLength(MIN_SLOT_MINUTES, MAX_SESSION_MINUTES)),
  room_code: z.boolean().default(true),
});
export type TSlotInput = z.input<typeof ZSlotInput>;

export const ZTimetableScope = z.object({ department_id: ZId.optional() }).default({});
export const ZIdInput = z.object({ id: ZId });
export const ZAutoOpenInput = z.object({ enabled: z.boolean() });
