/**
 * Attendance: geofence sessions and the marks taken in them. Starting and ending a session (its expiry and
 * absentees), the geofence step and the final mark, the room code, the mark flags, manual marks, leave requests
 * (leave/), a refused student's review requests and the teacher's queue of them (review/), the administrator's
 * settings that marking reads (settings/: campus networks, map tiles, the 'not from a browser' flag, the timetable's
 * opening by itself), and the timetable (timetable/: rooms, weekly slots, sessions opened from them, the sessions
 * still to come).
 * Code outside this folder imports it from here only; files inside import each other directly.
 */
export { markAttendance } from './attendance-marking';
export { extendGeofenceSession, getGeofenceStatus, startGeofenceSession, stopGeofenceSession } from './geofence-sessions';
export { myLeaveRequests, requestLeave, resolveLeaveDocument, withdrawLeaveRequest } from './leave/leave-requests';
export { decideLeaveRequest, pendingLeaveRequests } from './leave/leave-review';
export { flagBit } from './mark-flags/flag-bits';
export { flagsOf, flagsText, namesForFlags, referencedStudents } from './mark-flags/flag-texts';
export { markRemaining } from './mark-remaining';
export { decideReview, reviewQueue } from './review/review-queue';
export { myReviewRequest, requestReview } from './review/review-requests';
export { roomCodeOf, roomCodeWindow } from './room-code';
export { getRoomCode } from './room-code-display';
export { createSessionSweeper, finalizeSession } from './session-expiry';
export { getStudentsForSession, markAttendanceManually } from './session-students';
export { readSetting, settingValue, writeSetting } from './settings/app-settings';
export { campusNetworksFor, refuseOffCampus, setCampusNetworks } from './settings/campus-networks';
export { mapTiles, mapTilesForAdmin, setMapTiles, tileSource, tileUrlInForce } from './settings/map-tiles';
export { notFromBrowserFlagForAdmin, setNotFromBrowserFlag } from './settings/not-from-browser-flag';
export { getStudentAttendance } from './student-attendance';
export { getOpenSessionForStudent } from './student-open-session';
export { timetableAutoOpenForAdmin, setTimetableAutoOpen } from './settings/timetable-auto-open';
export { openDueSlots, startSessionFromSlot, upcomingSlotSessions } from './timetable/slot-sessions';
export { addRoom, addSlot, listTimetable, removeRoom, removeSlot } from './timetable/timetable';
