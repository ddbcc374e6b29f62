/** The student dashboard's parts: overview, history, the marking flow and the attendance query (the profile dialog is loaded on its first open). */
export { AttendanceHistory } from './attendance-history';
export { StudentOverview } from './student-overview';
export { useStudentAttendance } from './student-queries';
export { useMarkAttendance } from './use-mark-attendance';
export { useRoomCodeEntry } from './use-room-code-entry';
export { SessionBanner } from './session-banner';
export { StepResultNote } from './step-result';
export { useOpenSession } from './use-open-session';
