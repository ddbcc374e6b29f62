/**
 * The four marks a school uses (issue 24). Late is a student's own mark made after the session's grace period;
 * excused is an absence covered by approved leave. Present and absent keep the SPEC's texts; attended means present
 * or late (late counts as present for the attendance rule unless the administrator's setting says otherwise).
 */
export const ATTENDANCE_STATUSES = ['present', 'late', 'excused', 'absent'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/** The statuses a teacher's bulk "mark the rest" writes: the two a whole class can be given at once. */
export const BULK_STATUSES = ['present', 'absent'] as const;

/** A student's own mark this many minutes after the session started, or later, is late unless the teacher says otherwise. */
export const DEFAULT_LATE_AFTER_MINUTES = 10;
/** The longest grace period a teacher may set: the longest session (duration_minutes' bound). */
export const MAX_LATE_AFTER_MINUTES = 180;

/** Whether an own mark at `at` is late: strictly after the grace period. Sessions without a cut-off have no late marks. */
export function isLateMark(startedAt: string, lateAfterMinutes: number | null, at: Date): boolean {
  if (lateAfterMinutes === null) return false;
  return at.getTime() > Date.parse(startedAt) + lateAfterMinutes * 60_000;
}
