/** The student dashboard's parts: overview, history, profile, the marking flow and the attendance query. */
export { AttendanceHistory } from './attendance-history';
export { ProfileDialog } from './profile-dialog';
export { StudentOverview } from './student-overview';
export { useStudentAttendance } from './student-queries';
export { useMarkAttendance } from './use-mark-attendance';
export { useRoomCodeEntry } from './use-room-code-entry';
export { SessionBanner } from './session-banner';
export { StepResultNote } from './step-result';
export { useOpenSession } from './use-open-session';
