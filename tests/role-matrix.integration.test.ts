import type { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restApi } from '../src/server/rest/index';
import { appRouter } from '../src/server/routers/_app';
import type { AppDeps } from '../src/server/deps';
import { createTestUser, startTestServer, type TestServer } from './helpers/test-server';

/**
 * Every REST path and tRPC procedure, read from the routers themselves, called as each kind of caller. A new
 * endpoint without an entry in MATRIX fails the first test: whoever adds one states who may call it.
 */

const WHO = ['anonymous', 'revoked', 'student', 'otherTeacher', 'admin', 'teacher'] as const;
type Who = (typeof WHO)[number];
type Expect = Record<Who, number>;

/** Shorthands for the usual tiers: [anonymous, revoked, student, otherTeacher, admin, teacher]. */
const row = (...s: number[]): Expect => Object.fromEntries(WHO.map((w, i) => [w, s[i]])) as Expect;
const PUBLIC_200 = row(200, 200, 200, 200, 200, 200);
const ANY_USER = row(401, 401, 200, 200, 200, 200);
const STAFF = row(401, 401, 403, 200, 200, 200);
const STUDENT_ONLY = row(401, 401, 200, 403, 403, 403);
const ADMIN_ONLY = row(401, 401, 403, 403, 200, 403);
/** Admin-only, called with an input the admin's call refuses (so the matrix never creates or deletes a user). */
const ADMIN_BAD_INPUT = row(401, 401, 403, 403, 400, 403);
/** The BCA teacher's own account (the /update-user form): the teacher themself and admins. */
const SELF_OR_ADMIN = row(401, 401, 403, 403, 200, 200);
/** Teachers only: each sees their own department's students (issue 24's At risk list). */
const TEACHER_ONLY = row(401, 401, 403, 200, 403, 200);
/** An attendance rule the admin's call refuses, so the matrix leaves the rule as it was. */
const badRule = () => ({ required_rate: 0, semester_start: '2026-07-01', semester_end: '2026-12-31', late_counts_as_present: true });

interface Fixture {
  teacher: { id: number; email: string };
  student: { id: number; email: string };
  pending: { id: number; email: string };
  ids: Record<Who, number>;
  sessionId: number;
  /** A pending face change of the BCA student (declined by the matrix, then pending again). */
  faceChangeId: number;
  /** A pending leave request of the BCA student (declined by the matrix, then pending again). */
  leaveRequestId: number;
}

interface Call {
  /** JSON body or query input; a function gets the fixture and the caller. */
  input?: (f: Fixture, who: Who) => unknown;
  multipart?: boolean;
  expect: Expect;
  /** Texts the other department's teacher must never see in the answer. */
  hidden?: (f: Fixture) => string[];
  /** Puts the fixture back after a call that changes it (stop, approve). */
  after?: (f: Fixture) => Promise<void>;
}

const CENTRE = { latitude: 23.0225, longitude: 72.5714, accuracy: 10 };
const nobody = (_f: Fixture, who: Who) => ({ email: `nobody-${who}@school.test`, password: 'Wrong-pass1' });
const startBca = (f: Fixture, who: Who) => ({ teacher_id: f.ids[who], ...CENTRE, radius: 50, department: 'BCA' });
const manual = (f: Fixture) => ({ student_id: f.student.id, session_id: f.sessionId, status: 'present' });
const approve = (f: Fixture) => ({ user_ids: [f.pending.id] });
const deptEmails = (f: Fixture) => [f.student.email, f.pending.email];
/** The room code of the BCA teacher's session, named as a display would: 403 for anyone else, 404 for its teacher (no code required). */
const bcaSession = (f: Fixture) => ({ session_id: f.sessionId });
const ROOM_CODE_OF_BCA = row(401, 401, 403, 403, 403, 404);

let srv: TestServer;
let fixture: Fixture;
/** The BCA teacher's session is open (again, after a stop). */
const restartSession = async (f: Fixture) => {
  const open = await srv.db
    .selectFrom('geofence_sessions')
    .select('id')
    .where('teacher_id', '=', f.teacher.id)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  if (open) return;
  const now = new Date();
  f.sessionId = (
    await srv.db
      .insertInto('geofence_sessions')
      .values({
        teacher_id: f.teacher.id,
        department_id: 3,
        latitude: CENTRE.latitude,
        longitude: CENTRE.longitude,
        radius_m: 50,
        started_at: now.toISOString(),
        ends_at: new Date(now.getTime() + 3600_000).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
};
const declineChange = (f: Fixture) => ({ change_id: f.faceChangeId, decision: 'decline' });
const repeatChange = async (f: Fixture) => {
  await srv.db.updateTable('face_changes').set({ status: 'pending', decided_by: null, decided_at: null }).where('id', '=', f.faceChangeId).execute();
};
const declineLeave = (f: Fixture) => ({ request_id: f.leaveRequestId, decision: 'decline', note: 'Not this week.' });
/** The BCA student's own request: theirs to withdraw (then pending again), nobody else's. */
const withdrawLeave = (f: Fixture) => ({ request_id: f.leaveRequestId });
const repeatLeave = async (f: Fixture) => {
  await srv.db
    .updateTable('leave_requests')
    .set({ status: 'pending', decided_by: null, decided_at: null, note: null })
    .where('id', '=', f.leaveRequestId)
    .execute();
};
const repend = async (f: Fixture) => {
  await srv.db.updateTable('users').set({ status: 'pending' }).where('id', '=', f.pending.id).execute();
};

/** Rejected, then pending again with no rejection left behind. */
const unreject = async (f: Fixture) => {
  await srv.db.deleteFrom('student_rejections').where('user_id', '=', f.pending.id).execute();
  await repend(f);
};
const reject = (f: Fixture) => ({ user_ids: [f.pending.id], reason: 'Not in this class.' });
/** A new student per caller; a teacher adds into their own department (the MBA teacher into MBA), an admin has none. */
const addStudent = (_f: Fixture, who: Who) => ({ username: `added${who}`, email: `added-${who}@school.test`, password: 'Strong-pass1' });
const ADD_STUDENT = { input: addStudent, after: async () => void (await srv.db.deleteFrom('users').where('email', 'like', 'added-%').execute()) };
const markRest = (f: Fixture) => ({ session_id: f.sessionId, status: 'absent' });
/** The bulk marks are taken back, so the BCA session has unmarked students for the next caller. */
const unmarkRest = async (f: Fixture) => void (await srv.db.deleteFrom('attendance_records').where('session_id', '=', f.sessionId).execute());

const MATRIX: Record<string, Call> = {
  'GET /api/health': { expect: PUBLIC_200 },
  'POST /api/login': { input: nobody, expect: row(404, 404, 404, 404, 404, 404) },
  'POST /api/logout': { expect: ANY_USER },
  'POST /api/register': { multipart: true, expect: row(400, 400, 400, 400, 400, 400) },
  'GET /api/admin/departments': { expect: PUBLIC_200 },
  'GET /api/get_teacher_profile': { expect: STAFF },
  'POST /api/start_geofence': { input: startBca, expect: row(401, 401, 403, 403, 409, 409) },
  'PATCH /api/stop_geofence': { expect: row(401, 401, 403, 404, 404, 200), after: restartSession },
  /** Issue 36: only the session's own teacher extends it (the other teacher and the admin have none open). */
  'PATCH /api/extend_geofence': { expect: row(401, 401, 403, 404, 404, 200) },
  'GET /api/check_geofence_status': { expect: STAFF },
  'GET /api/room_code': { input: bcaSession, expect: ROOM_CODE_OF_BCA },
  'GET /api/get_students_for_session': { expect: STAFF, hidden: deptEmails },
  'PATCH /api/mark_attendance_manual': { input: manual, expect: row(401, 401, 403, 403, 200, 200) },
  'GET /api/pending_students_by_department': { expect: STAFF, hidden: deptEmails },
  'PATCH /api/approve_students': { input: approve, expect: row(401, 401, 403, 403, 200, 200), after: repend },
  'PATCH /api/reject_students': { input: reject, expect: row(401, 401, 403, 403, 200, 200), after: unreject },
  'POST /api/teacher/students': { ...ADD_STUDENT, expect: row(401, 401, 403, 201, 409, 201) },
  'PATCH /api/mark_remaining': { input: markRest, expect: row(401, 401, 403, 403, 200, 200), after: unmarkRest },
  'GET /api/map_tiles': { expect: STAFF },
  'GET /api/admin/map_tiles': { expect: ADMIN_ONLY },
  // Saved with a template the admin's call refuses, so the matrix leaves the map as it was.
  'PUT /api/admin/map_tiles': { input: () => ({ url_template: 'not a tile server' }), expect: ADMIN_BAD_INPUT },
  'GET /api/admin/not_from_browser_flag': { expect: ADMIN_ONLY },
  'PUT /api/admin/not_from_browser_flag': { input: () => ({ enabled: 'no' }), expect: ADMIN_BAD_INPUT },
  'GET /api/notices': { expect: ANY_USER },
  'POST /api/notices/read': { input: () => ({ ids: 'all' }), expect: ANY_USER },
  'GET /api/admin/email_delivery': { expect: ADMIN_ONLY },
  'GET /api/admin/absence_warning': { expect: ADMIN_ONLY },
  'PUT /api/admin/absence_warning': { input: () => ({ absences_in_a_row: -1 }), expect: ADMIN_BAD_INPUT },
  'GET /api/get_attendance': { expect: STUDENT_ONLY },
  'GET /api/get_student_profile': { expect: STUDENT_ONLY },
  'POST /api/mark_attendance': { input: () => CENTRE, expect: STUDENT_ONLY },
  'POST /api/compare-face-video': { multipart: true, expect: row(401, 401, 400, 403, 403, 403) },
  'POST /api/face-challenge': { expect: STUDENT_ONLY },
  'GET /api/face-images/:id': { expect: row(404, 404, 404, 404, 404, 404) },
  'GET /api/face-change-images/:id': { expect: row(404, 404, 404, 404, 404, 404) },
  // Issue 39: a refused check's still for the review card, a signed URL like the photos: unsigned, nobody's.
  'GET /api/review-stills/:id': { expect: row(404, 404, 404, 404, 404, 404) },
  'GET /api/pending_face_changes': { expect: STAFF, hidden: deptEmails },
  'PATCH /api/decide_face_change': { input: declineChange, expect: row(401, 401, 403, 403, 200, 200), after: repeatChange },
  'GET /api/face_changes/:studentId': { expect: row(401, 401, 403, 403, 200, 200) },
  // Issue 24: an empty form is the student's 400 (no dates), everyone else's refusal; the documents are signed URLs.
  'POST /api/leave_requests': { multipart: true, expect: row(401, 401, 400, 403, 403, 403) },
  'GET /api/leave_requests': { expect: STUDENT_ONLY },
  'PATCH /api/withdraw_leave_request': { input: withdrawLeave, expect: row(401, 401, 200, 403, 403, 403), after: repeatLeave },
  'GET /api/pending_leave_requests': { expect: STAFF, hidden: deptEmails },
  'PATCH /api/decide_leave_request': { input: declineLeave, expect: row(401, 401, 403, 403, 200, 200), after: repeatLeave },
  'GET /api/leave-documents/:id': { expect: row(404, 404, 404, 404, 404, 404) },
  'POST /api/contact': { input: () => ({}), expect: row(400, 400, 400, 400, 400, 400) },
  'GET /api/admin/contact_messages': { expect: ADMIN_ONLY },
  'GET /api/admin/users': { expect: ADMIN_ONLY },
  'POST /api/admin/users': { input: () => ({}), expect: ADMIN_BAD_INPUT },
  'PUT /api/admin/users/:id': { input: () => ({}), expect: ADMIN_ONLY },
  'GET /api/admin/users/:id/manage': { expect: ADMIN_ONLY },
  'POST /api/admin/users/:id/manage': { input: () => ({}), expect: ADMIN_BAD_INPUT },
  'GET /api/admin/attendance-summary': { expect: ADMIN_ONLY },
  'GET /api/admin/attendance-charts': { expect: ADMIN_ONLY },
  'GET /api/admin/attendance-details': { expect: ADMIN_ONLY },
  'GET /api/admin/attendance-summary/export.csv': { expect: ADMIN_ONLY },
  'GET /api/admin/attendance-details/export.csv': { expect: ADMIN_ONLY },
  'GET /api/admin/attendance-details/:teacher/:student': { expect: ADMIN_ONLY },
  'GET /api/admin/duplicate-faces': { expect: ADMIN_ONLY },
  // Called without a decision: staff get 400 before any collision is looked up (who decides which one is tested in
  // duplicate-face.integration: the waiting student's teacher or an admin).
  /** Issue 39: the roster import (an empty upload: the staff's call is refused for its missing file) and its invitations. */
  'POST /api/roster/preview': { multipart: true, expect: row(401, 401, 403, 400, 400, 400) },
  'POST /api/roster/import': { multipart: true, expect: row(401, 401, 403, 400, 400, 400) },
  'GET /api/roster/invitations': { expect: STAFF },
  'POST /api/roster/invitations/:user_id/renew': { expect: row(401, 401, 403, 400, 400, 400) },
  /** An invitation link is its own credential: anyone may open one, and a made-up token opens nothing. */
  'GET /api/invitations/:token': { expect: row(404, 404, 404, 404, 404, 404) },
  'POST /api/invitations/:token/register': { multipart: true, expect: row(404, 404, 404, 404, 404, 404) },
  'POST /api/face-collisions/:id/decision': { expect: row(401, 401, 403, 400, 400, 400) },
  // Saving is called with a list the admin's call refuses, so the matrix leaves no campus network behind.
  'GET /api/admin/campus_networks': { expect: ADMIN_ONLY },
  'PUT /api/admin/campus_networks': { input: () => ({ networks: ['school-lan'] }), expect: ADMIN_BAD_INPUT },
  'GET /api/attendance_standing': { expect: STUDENT_ONLY },
  'GET /api/at_risk_students': { expect: TEACHER_ONLY },
  'GET /api/admin/attendance_rule': { expect: ADMIN_ONLY },
  'PUT /api/admin/attendance_rule': { input: badRule, expect: ADMIN_BAD_INPUT },
  'GET /api/admin/attendance-shortfall': { expect: ADMIN_ONLY },
  'GET /api/admin/attendance-shortfall/export.csv': { expect: ADMIN_ONLY },
  'GET /api/user/:id': { expect: SELF_OR_ADMIN },
  'PUT /api/update/:id': { multipart: true, expect: SELF_OR_ADMIN },

  'auth.login': { input: nobody, expect: row(404, 404, 404, 404, 404, 404) },
  'auth.register': { multipart: true, expect: row(400, 400, 400, 400, 400, 400) },
  'auth.me': { expect: ANY_USER },
  'auth.logout': { expect: ANY_USER },
  'admin.departments': { expect: PUBLIC_200 },
  'admin.users': { expect: ADMIN_ONLY },
  'admin.createUser': { input: () => ({}), expect: ADMIN_BAD_INPUT },
  'admin.updateUser': { input: (f) => ({ id: f.teacher.id, changes: {} }), expect: ADMIN_ONLY },
  'admin.deletionPreview': { input: (f) => ({ id: f.teacher.id }), expect: ADMIN_ONLY },
  'admin.deleteUser': { input: (f) => ({ id: f.teacher.id }), expect: ADMIN_BAD_INPUT },
  'admin.summary': { input: () => ({ department_id: 3 }), expect: ADMIN_ONLY },
  'admin.userList': { input: () => ({ q: 'user', role: 'student', page: 1 }), expect: ADMIN_ONLY },
  'admin.contactMessages': { input: () => ({ view: 'all' }), expect: ADMIN_ONLY },
  /** A message id that does not exist: the admin's call is a 404, so the matrix changes nothing. */
  'admin.setContactMessageHandled': { input: () => ({ id: 999_999, handled: true }), expect: row(401, 401, 403, 403, 404, 403) },
  'admin.attendanceDetails': { input: () => ({}), expect: ADMIN_ONLY },
  'admin.pairDetail': { input: (f) => ({ teacher: f.teacher.id, student: f.student.id }), expect: ADMIN_ONLY },
  'admin.charts': { input: () => ({}), expect: ADMIN_ONLY },
  'admin.reviewRates': { expect: ADMIN_ONLY },
  'admin.duplicateFaces': { expect: ADMIN_ONLY },
  'admin.campusNetworks': { expect: ADMIN_ONLY },
  'admin.setCampusNetworks': { input: () => ({ networks: ['school-lan'] }), expect: ADMIN_BAD_INPUT },
  'account.profile': { input: (f) => ({ id: f.teacher.id }), expect: SELF_OR_ADMIN },
  'teacher.profile': { expect: STAFF },
  'teacher.departments': { expect: STAFF },
  'teacher.startGeofence': { input: startBca, expect: row(401, 401, 403, 403, 409, 409) },
  'teacher.stopGeofence': { expect: row(401, 401, 403, 404, 404, 200), after: restartSession },
  'teacher.extendGeofence': { expect: row(401, 401, 403, 404, 404, 200) },
  'teacher.geofenceStatus': { expect: STAFF },
  'teacher.roomCode': { input: bcaSession, expect: ROOM_CODE_OF_BCA },
  'teacher.studentsForSession': { input: () => ({ page: 1, limit: 10, search: '' }), expect: STAFF, hidden: deptEmails },
  'teacher.markManual': { input: manual, expect: row(401, 401, 403, 403, 200, 200) },
  'teacher.pendingStudents': { expect: STAFF, hidden: deptEmails },
  'teacher.approveStudents': { input: approve, expect: row(401, 401, 403, 403, 200, 200), after: repend },
  'teacher.pendingFaceChanges': { expect: STAFF, hidden: deptEmails },
  // No such collision: staff get 404 (who may decide which one is tested in duplicate-face.integration).
  'teacher.previewRoster': { multipart: true, expect: row(401, 401, 403, 400, 400, 400) },
  'teacher.importRoster': { multipart: true, expect: row(401, 401, 403, 400, 400, 400) },
  'teacher.rosterInvitations': { expect: STAFF },
  'teacher.renewInvitation': { input: () => ({ user_id: 999_999 }), expect: row(401, 401, 403, 404, 404, 404) },
  'auth.invitation': { input: () => ({ token: 'made-up' }), expect: row(404, 404, 404, 404, 404, 404) },
  'auth.registerFromInvitation': { multipart: true, expect: row(404, 404, 404, 404, 404, 404) },
  'teacher.decideFaceCollision': { input: () => ({ collision_id: 999_999, decision: 'twins' }), expect: row(401, 401, 403, 404, 404, 404) },
  'teacher.decideFaceChange': { input: declineChange, expect: row(401, 401, 403, 403, 200, 200), after: repeatChange },
  'teacher.faceChangeHistory': { input: (f) => ({ student_id: f.student.id }), expect: row(401, 401, 403, 403, 200, 200) },
  'teacher.rejectStudents': { input: reject, expect: row(401, 401, 403, 403, 200, 200), after: unreject },
  'teacher.addStudent': { ...ADD_STUDENT, expect: row(401, 401, 403, 200, 409, 200) },
  'teacher.markRemaining': { input: markRest, expect: row(401, 401, 403, 403, 200, 200), after: unmarkRest },
  'teacher.mapTiles': { expect: STAFF },
  'teacher.pendingLeaveRequests': { expect: STAFF, hidden: deptEmails },
  'teacher.decideLeaveRequest': { input: declineLeave, expect: row(401, 401, 403, 403, 200, 200), after: repeatLeave },
  // Issue 39: the queue of the caller's running sessions; no such request: staff get 404 (who decides which one is
  // tested in review-requests.integration: the session's own teacher or an admin).
  'teacher.reviewQueue': { expect: STAFF, hidden: deptEmails },
  'teacher.decideReview': { input: () => ({ request_id: 999_999, decision: 'decline' }), expect: row(401, 401, 403, 404, 404, 404) },
  'settings.mapTiles': { expect: ADMIN_ONLY },
  'settings.setMapTiles': { input: () => ({ url_template: 'not a tile server' }), expect: ADMIN_BAD_INPUT },
  'settings.notFromBrowserFlag': { expect: ADMIN_ONLY },
  'settings.setNotFromBrowserFlag': { input: () => ({ enabled: 'no' }), expect: ADMIN_BAD_INPUT },
  'settings.timetableAutoOpen': { expect: ADMIN_ONLY },
  'settings.setTimetableAutoOpen': { input: () => ({ enabled: 'no' }), expect: ADMIN_BAD_INPUT },
  // Issue 39: a teacher's own department (an admin names one; timetable.integration.test.ts crosses departments).
  'timetable.list': { input: () => ({}), expect: row(401, 401, 403, 200, 400, 200) },
  'timetable.addRoom': { input: () => ({ name: 'Lab', ...CENTRE, radius: 5 }), expect: row(401, 401, 403, 400, 400, 400) },
  'timetable.removeRoom': { input: () => ({ id: 999_999 }), expect: row(401, 401, 403, 404, 404, 404) },
  'timetable.addSlot': { input: () => ({ room_id: 999_999, weekday: 8, start_time: '09:00', length_minutes: 60 }), expect: row(401, 401, 403, 400, 400, 400) },
  'timetable.removeSlot': { input: () => ({ id: 999_999 }), expect: row(401, 401, 403, 404, 404, 404) },
  'timetable.startSlot': { input: () => ({ id: 999_999 }), expect: row(401, 401, 403, 404, 404, 404) },
  'attendanceRule.settings': { expect: ADMIN_ONLY },
  'attendanceRule.setSettings': { input: badRule, expect: ADMIN_BAD_INPUT },
  'attendanceRule.standing': { expect: STUDENT_ONLY },
  'attendanceRule.atRisk': { expect: TEACHER_ONLY },
  'attendanceRule.shortfall': { input: () => ({}), expect: ADMIN_ONLY },
  'attendanceRule.absenceWarning': { expect: ADMIN_ONLY },
  'attendanceRule.setAbsenceWarning': { input: () => ({ absences_in_a_row: -1 }), expect: ADMIN_BAD_INPUT },
  'notices.list': { expect: ANY_USER },
  'notices.markRead': { input: () => ({ ids: 'all' }), expect: ANY_USER },
  'admin.emailDelivery': { expect: ADMIN_ONLY },
  // The student's own department's teacher (or an admin) only: another department's teacher is refused.
  'teacher.guardianEmail': { input: (f) => ({ student_id: f.student.id }), expect: row(401, 401, 403, 403, 200, 200) },
  'teacher.setGuardianEmail': { input: (f) => ({ student_id: f.student.id, guardian_email: '' }), expect: row(401, 401, 403, 403, 200, 200) },
  'student.attendance': { input: () => ({ page: 1, limit: 10 }), expect: STUDENT_ONLY },
  'student.profile': { expect: STUDENT_ONLY },
  'student.openSession': { expect: STUDENT_ONLY },
  'student.markAttendance': { input: () => CENTRE, expect: STUDENT_ONLY },
  'student.compareFaceVideo': { multipart: true, expect: row(401, 401, 400, 403, 403, 403) },
  'student.faceChallenge': { expect: STUDENT_ONLY },
  'student.leaveRequests': { expect: STUDENT_ONLY },
  'student.withdrawLeave': { input: withdrawLeave, expect: row(401, 401, 200, 403, 403, 403), after: repeatLeave },
  'student.requestLeave': { multipart: true, expect: row(401, 401, 400, 403, 403, 403) },
  'student.reviewRequest': { expect: STUDENT_ONLY },
  // Issue 39: the matrix's student was never refused in the open session, so they may not ask (409).
  'student.requestReview': { expect: row(401, 401, 409, 403, 403, 403) },
};

/** What the walk below reads of Express's router layers (internals @types/express does not declare). */
interface RouterLayer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: RouterLayer[] };
  slash?: boolean;
}

/** `METHOD /api/path` of every route of the REST router, walking nested routers (all mounted at its root). */
function restEndpoints(): string[] {
  const found: string[] = [];
  const walk = (stack: RouterLayer[]) => {
    for (const layer of stack) {
      if (layer.route) for (const m of Object.keys(layer.route.methods)) found.push(`${m.toUpperCase()} /api${layer.route.path}`);
      else if (layer.handle?.stack) {
        // A router mounted under a prefix would need the prefix here: fail loudly rather than list wrong paths.
        expect(layer.slash, 'a nested REST router is mounted under a prefix').toBe(true);
        walk(layer.handle.stack);
      }
    }
  };
  walk((restApi({} as AppDeps) as Router & { stack: RouterLayer[] }).stack);
  return found;
}

const trpcProcedures = () =>
  // tRPC types _def.procedures as the nested router; at run time it is flat, keyed by each procedure's path.
  Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>).map(([path, p]) => ({ path, type: p._def.type }));

beforeAll(async () => {
  srv = await startTestServer();
  const teacher = await createTestUser(srv.db, { role: 'teacher', department: 'BCA' });
  const otherTeacher = await createTestUser(srv.db, { role: 'teacher', department: 'MBA' });
  const student = await createTestUser(srv.db, { role: 'student', department: 'BCA' });
  const pending = await createTestUser(srv.db, { role: 'student', department: 'BCA', status: 'pending' });
  const admin = await createTestUser(srv.db, { role: 'admin' });
  const revoked = await createTestUser(srv.db, { role: 'teacher', department: 'BCA' });
  await srv.db.updateTable('users').set({ token_version: 1 }).where('id', '=', revoked.id).execute();
  fixture = {
    teacher,
    student,
    pending,
    ids: { anonymous: 0, revoked: revoked.id, student: student.id, otherTeacher: otherTeacher.id, admin: admin.id, teacher: teacher.id },
    sessionId: 0,
    faceChangeId: (
      await srv.db
        .insertInto('face_changes')
        .values({ user_id: student.id, status: 'pending', requested_by: student.id, requested_at: new Date().toISOString(), model: 'test' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
    leaveRequestId: (
      await srv.db
        .insertInto('leave_requests')
        .values({ student_id: student.id, from_date: '2026-11-20', to_date: '2026-11-21', reason: 'Fever', requested_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  };
  await restartSession(fixture);
});
afterAll(() => srv.close());

/** A token as login would give now (logout bumps the version, so each call gets a fresh one); revoked: an old one. */
async function tokenOf(who: Who): Promise<string | null> {
  if (who === 'anonymous') return null;
  const u = await srv.db.selectFrom('users').select(['id', 'role', 'username', 'token_version']).where('id', '=', fixture.ids[who]).executeTakeFirstOrThrow();
  const tv = who === 'revoked' ? u.token_version - 1 : u.token_version;
  return srv.deps.tokens.sign({ user_id: u.id, role: u.role, username: u.username, tv });
}

async function call(endpoint: string, who: Who, entry: Call, trpcType?: string) {
  const token = await tokenOf(who);
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const input = entry.input?.(fixture, who);
  let url: string;
  let init: RequestInit;
  if (trpcType) {
    url = `${srv.url}/trpc/${endpoint}`;
    if (trpcType === 'query') {
      if (input !== undefined) url += `?input=${encodeURIComponent(JSON.stringify(input))}`;
      init = { headers };
    } else if (entry.multipart) init = { method: 'POST', headers, body: new FormData() };
    else init = { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(input ?? null) };
  } else {
    const [method, path] = endpoint.split(' ');
    // :id is the BCA teacher (the first user); :teacher/:student a pair; :studentId the BCA student.
    url = `${srv.url}${path.replace(':studentId', String(fixture.student.id)).replace(':id', String(fixture.teacher.id)).replace(':teacher', String(fixture.teacher.id)).replace(':student', String(fixture.student.id))}`;
    if (method === 'GET') {
      if (input !== undefined) url += `?${new URLSearchParams(input as Record<string, string>)}`;
      init = { headers };
    } else if (entry.multipart) init = { method, headers, body: new FormData() };
    else init = { method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(input ?? {}) };
  }
  const res = await fetch(url, init);
  return { status: res.status, text: await res.text() };
}

describe('role matrix', () => {
  it('has an entry for every REST path and tRPC procedure, and none for endpoints that no longer exist', () => {
    const discovered = [...restEndpoints(), ...trpcProcedures().map((p) => p.path)].sort();
    expect(discovered).toEqual(Object.keys(MATRIX).sort());
  });

  for (const who of WHO) {
    it(`as ${who}: every endpoint answers the status its entry expects`, async () => {
      const got: Record<string, number> = {};
      const want: Record<string, number> = {};
      const types = new Map(trpcProcedures().map((p) => [p.path, p.type]));
      for (const [endpoint, entry] of Object.entries(MATRIX)) {
        const res = await call(endpoint, who, entry, types.get(endpoint));
        got[endpoint] = res.status;
        want[endpoint] = entry.expect[who];
        if (who === 'otherTeacher') for (const text of entry.hidden?.(fixture) ?? []) expect(res.text, `${endpoint} shows ${text}`).not.toContain(text);
        expect(res.text, endpoint).not.toMatch(/argon2|password_hash|at .*\.(js|ts):\d+/);
        await entry.after?.(fixture);
      }
      expect(got).toEqual(want);
    });
  }
});
