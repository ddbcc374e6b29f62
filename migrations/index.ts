import type { Migration } from 'kysely';
import * as initialSchema from './2026_11_22_120000_initial_schema';
import * as security from './2026_11_23_120000_security';
import * as contactMessages from './2026_11_23_150000_contact_messages';
import * as sharedCounters from './2026_11_23_180000_shared_counters';
import * as adminReports from './2026_11_23_190000_admin_reports';
import * as faceTrust from './2026_11_26_120000_face_trust';
import * as roomCode from './2026_11_26_130000_room_code';
import * as appSettings from './2026_11_26_140000_app_settings';
import * as markFlags from './2026_11_26_150000_mark_flags';
import * as faceChallenges from './2026_11_26_160000_face_challenges';
import * as studentRejections from './2026_11_26_162200_student_rejections';
import * as contactHandled from './2026_11_26_162300_contact_handled';
import * as attendanceStatuses from './2026_11_26_170000_attendance_statuses';
import * as attendanceRule from './2026_11_26_171000_attendance_rule';
import * as lateAndLeave from './2026_11_26_172000_late_and_leave';
import * as leaveWithdrawal from './2026_11_26_180000_leave_withdrawal';
import * as oneOpenFaceCheck from './2026_11_29_050000_one_open_face_check';
import * as faceCollisions from './2026_11_29_090000_face_collisions';
import * as stepAddresses from './2026_11_29_100000_step_addresses';
import * as passedGeofenceSteps from './2026_11_29_110000_passed_geofence_steps';
import * as timetable from './2026_12_06_100000_timetable';
import * as reviewRequests from './2026_12_06_110000_review_requests';
import * as rosterInvitations from './2026_12_06_120000_roster_invitations';
import * as notices from './2026_12_06_130000_notices';

/**
 * Static list so migrations run the same under tsx, vitest and any bundler; names sort in apply order. The same
 * migrations build SQLite and PostgreSQL: take id, real, blob and case-insensitive columns from columnTypes(db)
 * (engine-columns.ts), and write engine-specific SQL only behind isPostgres(db). Migrations import nothing from src/
 * (tests/architecture.test.ts): a landed migration must never change because app code did.
 */
export const migrations: Record<string, Migration> = {
  '2026_11_22_120000_initial_schema': initialSchema,
  '2026_11_23_120000_security': security,
  '2026_11_23_150000_contact_messages': contactMessages,
  '2026_11_23_180000_shared_counters': sharedCounters,
  '2026_11_23_190000_admin_reports': adminReports,
  '2026_11_26_120000_face_trust': faceTrust,
  '2026_11_26_130000_room_code': roomCode,
  '2026_11_26_140000_app_settings': appSettings,
  '2026_11_26_150000_mark_flags': markFlags,
  '2026_11_26_160000_face_challenges': faceChallenges,
  '2026_11_26_162200_student_rejections': studentRejections,
  '2026_11_26_162300_contact_handled': contactHandled,
  '2026_11_26_170000_attendance_statuses': attendanceStatuses,
  '2026_11_26_171000_attendance_rule': attendanceRule,
  '2026_11_26_172000_late_and_leave': lateAndLeave,
  '2026_11_26_180000_leave_withdrawal': leaveWithdrawal,
  '2026_11_29_050000_one_open_face_check': oneOpenFaceCheck,
  '2026_11_29_090000_face_collisions': faceCollisions,
  '2026_11_29_100000_step_addresses': stepAddresses,
  '2026_11_29_110000_passed_geofence_steps': passedGeofenceSteps,
  '2026_12_06_100000_timetable': timetable,
  '2026_12_06_110000_review_requests': reviewRequests,
  '2026_12_06_120000_roster_invitations': rosterInvitations,
  '2026_12_06_130000_notices': notices,
};
