import { describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { getJson, patchJson, postJson, trpcClient } from '@harness/api-client';
import { createTestUser, signInTestUser, startTestServerForFile } from '@tests/helpers/test-server';
import { manualClock } from '@tests/helpers/manual-clock';
import { insertProof } from '@tests/helpers/proofs';
import { finalizeSession } from '@server/services/attendance/index';

const clock = manualClock(new Date('2026-03-02T04:00:00Z'));
const srv = await startTestServerForFile({ clock });

const CENTRE = { latitude: 23.0225, longitude: 72.5714, accuracy: 12 };
const CENTRE_POINT = { latitude: CENTRE.latitude, longitude: CENTRE.longitude };

const signIn = (role: 'student' | 'teacher' | 'admin', department = 'BCA', status: 'active' | 'pending' = 'active') =>
  signInTestUser(srv, { role, department, status });

const patch = (path: string, body: unknown, token: string) => patchJson(`${srv.url}${path}`, body, token);
const start = (t: { id: number; token: string }, extra: Record<string, unknown> = {}) =>
  postJson(`${srv.url}/api/start_geofence`, { teacher_id: t.id, ...CENTRE, radius: 50, department: 'BCA', ...extra }, t.token);

describe('geofence sessions', () => {
  it('starts with the default length, reports status, refuses a second one, stops', async () => {
    const t = await signIn('teacher');
    const res = await start(t);
    expect(res.status).toBe(201);
    expect(res.body.duration_minutes).toBe(10);
    expect(Date.parse(res.body.session_end_time) - clock.now().getTime()).toBe(10 * 60_000);
    const status = await getJson(`${srv.url}/api/check_geofence_status`, t.token);
    expect(status.body).toMatchObject({ active: true, radius: 50, department: { name: 'BCA' }, remaining_seconds: 600 });
    const again = await start(t);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(MSG.attendance.alreadyActive);
    expect((await patch('/api/stop_geofence', {}, t.token)).status).toBe(200);
    expect((await getJson(`${srv.url}/api/check_geofence_status`, t.token)).body).toEqual({ active: false, default_duration_minutes: 10 });
    expect((await patch('/api/stop_geofence', {}, t.token)).status).toBe(404);
  });

  it.each([[9], [501], ['abc']])('refuses radius %j with a clear 400', async (radius) => {
    const t = await signIn('teacher');
    const res = await start(t, { radius });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MSG.attendance.badRadius);
  });

  it.each([null, [], '', false, true, [3]])('refuses department %j and coordinates of that type with 400, never as 0 or 1', async (bad) => {
    const t = await signIn('teacher', 'IMSCIT');
    const dept = await start(t, { department: bad });
    expect(dept.status).toBe(400);
    expect((await start(t, { department: 'IMSCIT', latitude: bad })).status).toBe(400);
    expect((await start(t, { department: 'IMSCIT', longitude: bad })).status).toBe(400);
    expect((await start(t, { department: 'IMSCIT', teacher_id: bad })).status).toBe(400);
    expect(await srv.db.selectFrom('geofence_sessions').select('id').where('teacher_id', '=', t.id).execute()).toEqual([]);
  });

  it('accepts the radius bounds 10 and 500 and a custom duration', async () => {
    const a = await signIn('teacher');
    expect((await start(a, { radius: 10, duration_minutes: 3 })).body.duration_minutes).toBe(3);
    const b = await signIn('teacher', 'BSCIT');
    expect((await start(b, { radius: 500, department: 'BSCIT' })).status).toBe(201);
    await patch('/api/stop_geofence', {}, a.token);
    await patch('/api/stop_geofence', {}, b.token);
  });

  it("refuses another teacher's id and a student caller", async () => {
    const t = await signIn('teacher');
    const other = await signIn('teacher');
    const res = await start({ id: other.id, token: t.token });
    expect(res.status).toBe(403);
    const s = await signIn('student');
    expect((await start(s)).status).toBe(403);
    expect((await getJson(`${srv.url}/api/check_geofence_status`, s.token)).status).toBe(403);
    expect((await getJson(`${srv.url}/api/check_geofence_status`)).status).toBe(401);
  });

  it('ends at its end time with nobody calling stop, marking absentees by the system', async () => {
    const t = await signIn('teacher', 'IMCA');
    const present = await signIn('student', 'IMCA');
    const absent = await signIn('student', 'IMCA');
    const pending = await signIn('student', 'IMCA', 'pending');
    const otherDept = await signIn('student', 'MBA');
    const { body } = await start(t, { department: 'IMCA', duration_minutes: 2 });
    await patch('/api/mark_attendance_manual', { student_id: present.id, session_id: body.session_id, status: 'present' }, t.token);
    clock.advance(2 * 60_000 + 1);
    expect((await getJson(`${srv.url}/api/check_geofence_status`, t.token)).body.active).toBe(false);
    const records = await srv.db
      .selectFrom('attendance_records')
      .select(['student_id', 'status', 'marked_by', 'manual_override'])
      .where('session_id', '=', body.session_id)
      .orderBy('student_id')
      .execute();
    expect(records).toEqual([
      { student_id: present.id, status: 'present', marked_by: t.id, manual_override: 1 },
      { student_id: absent.id, status: 'absent', marked_by: null, manual_override: 0 },
    ]);
    expect(records.map((r) => r.student_id)).not.toContain(pending.id);
    expect(records.map((r) => r.student_id)).not.toContain(otherDept.id);
    const session = await srv.db
      .selectFrom('geofence_sessions')
      .select(['ended_at', 'end_reason', 'ends_at'])
      .where('id', '=', body.session_id)
      .executeTakeFirstOrThrow();
    expect(session).toMatchObject({ end_reason: 'expired', ended_at: session.ends_at });
  });
});

describe("the teacher's control of time (issue 36)", () => {
  const extend = (t: { token: string }, body: Record<string, unknown> = {}) => patch('/api/extend_geofence', body, t.token);
  const sessionRow = (id: number) => srv.db.selectFrom('geofence_sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('starts with the chosen length; a length outside 1 to 180 minutes is refused with its reason on both doors', async () => {
    const t = await signIn('teacher', 'BSCIT');
    for (const bad of [0, 181, 2.5, '30']) {
      const res = await start(t, { department: 'BSCIT', duration_minutes: bad });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(MSG.sessionTime.badLength);
      const viaTrpc = await trpcClient(srv.url, t.token)
        .teacher.startGeofence.mutate({ teacher_id: t.id, ...CENTRE, radius: 50, department: 'BSCIT', duration_minutes: bad as number })
        .catch((e) => e);
      expect(viaTrpc.data.code).toBe('BAD_REQUEST');
      expect(viaTrpc.message).toContain(MSG.sessionTime.badLength);
    }
    const res = await start(t, { department: 'BSCIT', duration_minutes: 45 });
    expect(res.body.duration_minutes).toBe(45);
    expect(Date.parse(res.body.session_end_time) - clock.now().getTime()).toBe(45 * 60_000);
    await patch('/api/stop_geofence', {}, t.token);
  });

  it('Extend moves the end for everyone: the sweep leaves it open, a student marks after the original end, it ends at the new one', async () => {
    const t = await signIn('teacher', 'IMSCIT');
    const marker = await signIn('student', 'IMSCIT');
    const late = await signIn('student', 'IMSCIT');
    const { body } = await start(t, { department: 'IMSCIT', duration_minutes: 5, late_after_minutes: 60 });
    const firstEnd = Date.parse(body.session_end_time);
    const extended = await extend(t);
    expect(extended.status).toBe(200);
    expect(extended.body).toMatchObject({ session_id: body.session_id, extended_minutes: 5 });
    expect(Date.parse(extended.body.session_end_time)).toBe(firstEnd + 5 * 60_000);
    // 30 s past the end the session was started with: every node's sweep reads the new end.
    clock.set(new Date(firstEnd + 30_000));
    expect(await srv.deps.sessions.sweep()).toBe(0);
    expect((await getJson(`${srv.url}/api/check_geofence_status`, t.token)).body).toMatchObject({ active: true, remaining_seconds: 270 });
    const step = await postJson(`${srv.url}/api/mark_attendance`, { ...CENTRE }, marker.token);
    expect(step.body).toMatchObject({ status: 'geofence_checked', geofencing_status: 'valid' });
    await insertProof(srv.db, clock, marker);
    const marked = await postJson(`${srv.url}/api/mark_attendance`, { ...CENTRE, face_verified: true }, marker.token);
    expect(marked.body).toMatchObject({ status: 'present', session_id: body.session_id });
    // Past the new end: ended by the sweep at that end, the unmarked student absent, and no Extend brings it back.
    clock.set(new Date(firstEnd + 5 * 60_000 + 1));
    expect((await getJson(`${srv.url}/api/check_geofence_status`, t.token)).body.active).toBe(false);
    const row = await sessionRow(body.session_id);
    expect(row).toMatchObject({ end_reason: 'expired', ended_at: extended.body.session_end_time });
    const records = await srv.db
      .selectFrom('attendance_records')
      .select(['student_id', 'status'])
      .where('session_id', '=', body.session_id)
      .orderBy('student_id')
      .execute();
    expect(records).toEqual([
      { student_id: marker.id, status: 'present' },
      { student_id: late.id, status: 'absent' },
    ]);
    const refused = await extend(t, { session_id: body.session_id });
    expect(refused).toMatchObject({ status: 409, body: { error: MSG.sessionTime.ended, error_code: 'session_ended' } });
    const twin = await trpcClient(srv.url, t.token)
      .teacher.extendGeofence.mutate({ session_id: body.session_id })
      .catch((e) => e);
    expect(twin.data.code).toBe('CONFLICT');
    expect(twin.message).toBe(MSG.sessionTime.ended);
    expect(await extend(t)).toMatchObject({ status: 404, body: { error: MSG.sessionTime.noneToExtend } });
  });

  it('a session past its end but not yet swept is not extended, and a sweep that read the old end leaves an extended one open', async () => {
    const t = await signIn('teacher', 'BCA');
    const { body } = await start(t, { department: 'BCA', duration_minutes: 1 });
    const before = await sessionRow(body.session_id);
    expect((await extend(t)).status).toBe(200);
    // Another node's sweep read the row before the Extend and closes it now: the conditional close does nothing.
    clock.advance(61_000);
    expect(await finalizeSession(srv.db, before, 'expired', clock.now())).toBeNull();
    expect((await sessionRow(body.session_id)).ended_at).toBeNull();
    expect(await srv.db.selectFrom('attendance_records').select('id').where('session_id', '=', body.session_id).execute()).toEqual([]);
    // Its new end passes with no request or sweep in between: Extend answers that it ended.
    clock.advance(5 * 60_000);
    expect(await extend(t, { session_id: body.session_id })).toMatchObject({ status: 409, body: { error_code: 'session_ended' } });
    expect((await sessionRow(body.session_id)).ended_at).not.toBeNull();
  });

  it("only the session's own teacher extends it, by 1 to 60 minutes, never past 180 minutes in all; the tRPC twin agrees", async () => {
    const t = await signIn('teacher', 'MBA');
    const colleague = await signIn('teacher', 'MBA');
    const admin = await signIn('admin', 'MBA');
    const student = await signIn('student', 'MBA');
    const { body } = await start(t, { department: 'MBA', duration_minutes: 60 });
    const end = (await sessionRow(body.session_id)).ends_at;
    expect(await extend(colleague, { session_id: body.session_id })).toMatchObject({ status: 403, body: { error: MSG.sessionTime.notYours } });
    expect(await extend(admin, { session_id: body.session_id })).toMatchObject({ status: 403, body: { error: MSG.sessionTime.notYours } });
    expect((await extend(colleague)).status).toBe(404);
    expect((await extend(student)).status).toBe(403);
    for (const minutes of [0, 61, 'five', 1.5])
      expect(await extend(t, { minutes })).toMatchObject({ status: 400, body: { error: MSG.sessionTime.badExtension } });
    expect((await sessionRow(body.session_id)).ends_at).toBe(end);
    const asTeacher = trpcClient(srv.url, t.token);
    expect(await asTeacher.teacher.extendGeofence.mutate({ minutes: 60 })).toMatchObject({ extended_minutes: 60 });
    expect((await extend(t, { minutes: 60 })).status).toBe(200);
    const tooLong = await extend(t, { minutes: 1 });
    expect(tooLong).toMatchObject({ status: 409, body: { error: MSG.sessionTime.tooLong(180), error_code: 'session_too_long' } });
    expect(Date.parse((await sessionRow(body.session_id)).ends_at) - Date.parse(body.session_end_time)).toBe(120 * 60_000);
    const refused = await trpcClient(srv.url, colleague.token)
      .teacher.extendGeofence.mutate({ session_id: body.session_id })
      .catch((e) => e);
    expect(refused.data.code).toBe('FORBIDDEN');
    await patch('/api/stop_geofence', {}, t.token);
  });
});

describe('department scoping', () => {
  it("a teacher cannot start another department's session; an admin can start any", async () => {
    const bca = await signIn('teacher', 'BCA');
    const refused = await start(bca, { department: 'MBA' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(MSG.attendance.notYourDepartment);
    const mbaId = (await srv.db.selectFrom('departments').select('id').where('name', '=', 'MBA').executeTakeFirstOrThrow()).id;
    expect((await start(bca, { department: mbaId })).status).toBe(403);
    expect(await srv.db.selectFrom('geofence_sessions').select('id').where('teacher_id', '=', bca.id).execute()).toEqual([]);
    const admin = await signIn('admin', 'BCA');
    expect((await start(admin, { department: 'MBA' })).status).toBe(201);
    await patch('/api/stop_geofence', {}, admin.token);
  });

  it("a second teacher's session never silently replaces the running one for the same department", async () => {
    const first = await signIn('teacher', 'MBA');
    const second = await signIn('teacher', 'MBA');
    const running = await start(first, { department: 'MBA' });
    expect(running.status).toBe(201);
    const refused = await start(second, { department: 'MBA', latitude: 10, longitude: 10 });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(MSG.attendance.departmentBusy);
    const admin = await signIn('admin');
    expect((await start(admin, { department: 'MBA' })).status).toBe(409);
    const s = await signIn('student', 'MBA');
    expect((await postJson(`${srv.url}/api/mark_attendance`, CENTRE, s.token)).body).toMatchObject({
      geofencing_status: 'valid',
      session_id: running.body.session_id,
    });
    await patch('/api/stop_geofence', {}, first.token);
    expect((await start(second, { department: 'MBA' })).status).toBe(201);
    await patch('/api/stop_geofence', {}, second.token);
  });

  it('a session of another department (started before this rule) shows none of its students and takes no manual marks', async () => {
    const bca = await signIn('teacher', 'BCA');
    const mbaStudent = await signIn('student', 'MBA');
    const mbaId = (await srv.db.selectFrom('departments').select('id').where('name', '=', 'MBA').executeTakeFirstOrThrow()).id;
    const now = clock.now();
    const { id } = await srv.db
      .insertInto('geofence_sessions')
      .values({
        teacher_id: bca.id,
        department_id: mbaId,
        ...CENTRE_POINT,
        radius_m: 50,
        started_at: now.toISOString(),
        ends_at: new Date(now.getTime() + 60_000).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const list = await getJson(`${srv.url}/api/get_students_for_session`, bca.token);
    expect(list.status).toBe(200);
    expect(list.body.allStudents).toEqual([]);
    expect(list.text).not.toContain(mbaStudent.email);
    const marked = await patch('/api/mark_attendance_manual', { student_id: mbaStudent.id, session_id: id, status: 'present' }, bca.token);
    expect(marked.status).toBe(403);
    expect(await srv.db.selectFrom('attendance_records').select('id').where('student_id', '=', mbaStudent.id).execute()).toEqual([]);
    await patch('/api/stop_geofence', {}, bca.token);
  });
});

describe('teacher profile, departments and the tRPC twins', () => {
  it('answers the teacher profile and the department list', async () => {
    const t = await signIn('teacher', 'MBA');
    expect((await getJson(`${srv.url}/api/get_teacher_profile`, t.token)).body).toMatchObject({ id: t.id, role: 'teacher', department: { name: 'MBA' } });
    const s = await signIn('student', 'MBA');
    expect((await getJson(`${srv.url}/api/get_teacher_profile`, s.token)).status).toBe(403);
    const departments = (await getJson(`${srv.url}/api/admin/departments`)).body.map((d: { name: string }) => d.name);
    expect(departments).toEqual(['IMSCIT', 'IMCA', 'BCA', 'BSCIT', 'MBA']);
  });

  it('the tRPC twins apply the same rules as REST', async () => {
    const t = await signIn('teacher', 'BCA');
    const s = await signIn('student', 'BCA');
    const asTeacher = trpcClient(srv.url, t.token);
    const started = await asTeacher.teacher.startGeofence.mutate({ teacher_id: t.id, ...CENTRE, radius: 40, department: 'BCA' });
    expect(await asTeacher.teacher.geofenceStatus.query()).toMatchObject({ active: true, session_id: started.session_id, radius: 40 });
    const asStudent = trpcClient(srv.url, s.token);
    const refused = await asStudent.teacher.startGeofence.mutate({ teacher_id: s.id, ...CENTRE, radius: 40, department: 'BCA' }).catch((e) => e);
    expect(refused.data.code).toBe('FORBIDDEN');
    expect(await asStudent.student.markAttendance.mutate(CENTRE)).toMatchObject({ geofencing_status: 'valid' });
    const tooWide = await asTeacher.teacher.startGeofence.mutate({ teacher_id: t.id, ...CENTRE, radius: 501, department: 'BCA' }).catch((e) => e);
    expect(tooWide.data.code).toBe('BAD_REQUEST');
    await asTeacher.teacher.stopGeofence.mutate();
  });
});

describe('students of the session, manual marks and approvals', () => {
  it('lists the department with session rows, search and pages of 10', async () => {
    const t = await signIn('teacher', 'BSCIT');
    for (let i = 0; i < 12; i++) await createTestUser(srv.db, { role: 'student', department: 'BSCIT', username: `bsc${String(i).padStart(2, '0')}` });
    await start(t, { department: 'BSCIT' });
    const page2 = await getJson(`${srv.url}/api/get_students_for_session?page=2&limit=10`, t.token);
    expect(page2.body.allStudents).toHaveLength(12);
    expect(page2.body.students).toHaveLength(2);
    expect(page2.body.totalPages).toBe(2);
    expect(page2.body.students[0]).toMatchObject({
      name: 'bsc10',
      status: 'absent',
      timestamp: null,
      geofencing_status: null,
      face_recognition_status: null,
      image_urls: [],
    });
    const search = await getJson(`${srv.url}/api/get_students_for_session?search=bsc0`, t.token);
    expect(search.body.allStudents).toHaveLength(10);
    await patch('/api/stop_geofence', {}, t.token);
  });

  it('manual marking needs the session id and the teacher who owns it', async () => {
    const t = await signIn('teacher', 'MBA');
    const intruder = await signIn('teacher', 'MBA');
    const s = await signIn('student', 'MBA');
    const { body } = await start(t, { department: 'MBA' });
    const missing = await patch('/api/mark_attendance_manual', { student_id: s.id, status: 'present' }, t.token);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe(MSG.teacher.sessionIdMissing);
    expect((await patch('/api/mark_attendance_manual', { student_id: s.id, session_id: body.session_id, status: 'present' }, intruder.token)).status).toBe(403);
    const ok = await patch('/api/mark_attendance_manual', { student_id: s.id, session_id: body.session_id, status: 'absent' }, t.token);
    expect(ok.body.message).toBe(MSG.attendance.manualMarked(s.username, 'absent'));
    await patch('/api/stop_geofence', {}, t.token);
  });

  it('pending students: a teacher sees and approves only their department', async () => {
    const t = await signIn('teacher', 'IMSCIT');
    const mine = await signIn('student', 'IMSCIT', 'pending');
    const theirs = await signIn('student', 'BCA', 'pending');
    const groups = await getJson(`${srv.url}/api/pending_students_by_department`, t.token);
    expect(groups.body).toHaveLength(1);
    expect(groups.body[0]).toMatchObject({ department_name: 'IMSCIT' });
    expect(groups.body[0].students.map((s: { id: number }) => s.id)).toEqual([mine.id]);
    const refused = await patch('/api/approve_students', { user_ids: [mine.id, theirs.id] }, t.token);
    expect(refused.status).toBe(403);
    const statuses = await srv.db.selectFrom('users').select('status').where('id', 'in', [mine.id, theirs.id]).execute();
    expect(statuses.every((u) => u.status === 'pending')).toBe(true);
    expect((await patch('/api/approve_students', { user_ids: [] }, t.token)).body.error).toBe(MSG.teacher.selectStudent);
    expect((await patch('/api/approve_students', { user_ids: [mine.id] }, t.token)).status).toBe(200);
    expect((await getJson(`${srv.url}/api/pending_students_by_department`, t.token)).body).toEqual([]);
    const admin = await signIn('admin');
    expect((await patch('/api/approve_students', { user_ids: [theirs.id] }, admin.token)).status).toBe(200);
    const s = await signIn('student');
    expect((await patch('/api/approve_students', { user_ids: [theirs.id] }, s.token)).status).toBe(403);
  });
});
