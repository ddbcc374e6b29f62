/**
 * The four marks a school uses (issue 24). Late is a student's own mark made after the session's grace period;
 * excused is an absence covered by approved leave. Present and absent keep the SPEC's texts; attended means present
 * or late (late counts as present for the attendance rule unless the administrator's setting says otherwise).
 */
export const ATTENDANCE_STATUSES = ['present', 'late', 'excused', 'absent'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/** The statuses a teacher's bulk "mark the rest" writes: the two a whole class can be given at once. */
export const BULK_STATUSES = ['present', 'absent'] as const;

export const isAttended = (status: AttendanceStatus): boolean => status === 'present' || status === 'late';
