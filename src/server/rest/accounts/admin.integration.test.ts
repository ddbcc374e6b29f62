import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { getJson, postJson } from '@harness/api-client';
import { createTestUser, signInTestUser, startTestServer, type TestServer } from '@tests/helpers/test-server';
import { insertSession } from '@harness/geofence-sessions';

let srv: TestServer;
let admin: { id: number; token: string };

const send = async (method: string, url: string, body: unknown, token = admin.token) => {
  const res = await fetch(`${srv.url}${url}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
};
const get = (url: string, token = admin.token) => getJson(`${srv.url}${url}`, token);
const login = (email: string, password: string) => postJson(`${srv.url}/api/login`, { email, password });
const dept = async (name: string) => (await srv.db.selectFrom('departments').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await signInTestUser(srv, { role: 'admin' });
});
afterAll(() => srv.close());

describe('admin users', () => {
  it('adds a user with every field, refuses a taken email and a weak password, and lists users by role', async () => {
    const created = await postJson(
      `${srv.url}/api/admin/users`,
      {
        username: 'meera1',
        email: 'Meera@School.test',
        phone_number: '9876543210',
        role: 'teacher',
        status: 'active',
        department: 'BCA',
        password: 'Str0ng!pass',
      },
      admin.token,
    );
    expect(created.status).toBe(201);
    expect(created.body.message).toBe(MSG.admin.userAdded);
    expect((await login('meera@school.test', 'Str0ng!pass')).status).toBe(200);
    const dup = await postJson(
      `${srv.url}/api/admin/users`,
      { username: 'meera2', email: 'meera@school.test', role: 'student', department: 'BCA', password: 'Str0ng!pass' },
      admin.token,
    );
    expect(dup.status).toBe(409);
    const weak = await postJson(
      `${srv.url}/api/admin/users`,
      { username: 'weak1', email: 'weak@school.test', role: 'student', department: 3, password: 'weak' },
      admin.token,
    );
    expect([weak.status, weak.body.message]).toEqual([400, MSG.validation.password]);
    const asAdmin = await postJson(
      `${srv.url}/api/admin/users`,
      { username: 'boss1', email: 'boss@school.test', role: 'admin', department: 3, password: 'Str0ng!pass' },
      admin.token,
    );
    expect(asAdmin.status).toBe(400);
    const teachers = await get('/api/admin/users?role=teacher');
    expect(teachers.body.map((u: { email: string }) => u.email)).toContain('meera@school.test');
    expect(teachers.text).not.toContain('password');
  });

  it('edits only the fields sent: a blank password keeps the old one, a department may be a name or an id', async () => {
    const u = await createTestUser(srv.db, { role: 'student', department: 'BCA', password: 'Old!pass1', phone_number: undefined } as never);
    const before = await srv.db.selectFrom('users').select(['password_hash', 'email', 'phone_number']).where('id', '=', u.id).executeTakeFirstOrThrow();
    const r = await send('PUT', `/api/admin/users/${u.id}`, { username: 'renamed1', password: '', department: 'MBA' });
    expect([r.status, r.body.message, r.body.changed]).toEqual([200, MSG.admin.userUpdated, ['username', 'department_id']]);
    const after = await srv.db
      .selectFrom('users')
      .select(['username', 'password_hash', 'email', 'department_id'])
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ username: 'renamed1', password_hash: before.password_hash, email: before.email, department_id: await dept('MBA') });
    expect((await send('PUT', `/api/admin/users/${u.id}`, { department: await dept('IMCA') })).status).toBe(200);
    expect((await send('PUT', `/api/admin/users/${u.id}`, { department: 'NOPE' })).body.message).toBe(MSG.admin.unknownDepartment);
    expect((await send('PUT', `/api/admin/users/${u.id}`, { password: 'New!pass22' })).status).toBe(200);
    expect((await login(u.email, 'Old!pass1')).status).toBe(401);
    expect((await login(u.email, 'New!pass22')).status).toBe(200);
    expect((await send('PUT', `/api/admin/users/999999`, { username: 'ghost1' })).status).toBe(404);
    expect((await send('PUT', `/api/admin/users/${admin.id}`, { status: 'inactive' })).status).toBe(409);
  });

  it('a registered teacher waits, counted on the dashboard, until an admin activates them', async () => {
    const t = await createTestUser(srv.db, { role: 'teacher', department: 'BCA', status: 'pending' });
    const waiting = (await get('/api/admin/attendance-summary')).body.pending_teachers;
    expect(waiting).toBeGreaterThanOrEqual(1);
    expect((await login(t.email, t.password)).body.error_code).toBe('ACCOUNT_PENDING');
    expect((await send('PUT', `/api/admin/users/${t.id}`, { status: 'active' })).status).toBe(200);
    expect((await get('/api/admin/attendance-summary')).body.pending_teachers).toBe(waiting - 1);
    expect((await login(t.email, t.password)).status).toBe(200);
  });

  it('deactivating a user refuses their existing token at once (401), over REST and tRPC', async () => {
    const s = await signInTestUser(srv, { role: 'student', department: 'BCA' });
    expect((await get('/api/get_student_profile', s.token)).status).toBe(200);
    expect((await send('PUT', `/api/admin/users/${s.id}`, { status: 'inactive' })).status).toBe(200);
    expect((await get('/api/get_student_profile', s.token)).status).toBe(401);
    expect((await get('/trpc/student.profile', s.token)).status).toBe(401);
  });
});

describe('cascade delete', () => {
  it('previews the counts, needs the confirmation, then removes the user, their rows and their face images, or nothing', async () => {
    const teacher = await signInTestUser(srv, { role: 'teacher', department: 'BSCIT' });
    const student = await createTestUser(srv.db, { role: 'student', department: 'BSCIT' });
    const other = await createTestUser(srv.db, { role: 'teacher', department: 'BSCIT' });
    const now = new Date().toISOString();
    const session = async (teacher_id: number) => ({
      id: await insertSession(srv.db, { teacher_id, department_id: 4, latitude: 1, longitude: 2, started_at: now, ended_at: now }),
    });
    const own = await session(teacher.id);
    const others = await session(other.id);
    const rec = { status: 'present' as const, marked_at: now, updated_at: now };
    await srv.db
      .insertInto('attendance_records')
      .values([
        { ...rec, session_id: own.id, student_id: student.id, manual_override: 0, marked_by: null },
        { ...rec, session_id: others.id, student_id: student.id, manual_override: 1, marked_by: teacher.id },
      ])
      .execute();
    await srv.db.insertInto('attendance_attempts').values({ student_id: student.id, session_id: own.id, created_at: now, outcome: 'ok' }).execute();
    await srv.db.insertInto('geofence_checks').values({ session_id: own.id, student_id: student.id, checks: 1, outside: 0 }).execute();
    const folder = path.join(srv.dataDir, 'uploads', 'faces', String(teacher.id));
    expect(srv.deps.config.uploadsDir).toBe(path.join(srv.dataDir, 'uploads'));
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, '1-x.jpg'), 'x');
    await srv.db
      .insertInto('face_enrollments')
      .values({ user_id: teacher.id, image_path: `faces/${teacher.id}/1-x.jpg`, captured_at: now })
      .execute();

    const preview = await get(`/api/admin/users/${teacher.id}/manage`);
    expect(preview.body.user).toMatchObject({ username: teacher.username, role: 'teacher' });
    expect(preview.body.related_data).toEqual({
      FaceEnrollments: 1,
      'StudentAttendance (as student)': 0,
      'StudentAttendance (as marked_by)': 1,
      Geofencing: 1,
      Teacher: 1,
    });

    expect((await send('POST', `/api/admin/users/${teacher.id}/manage`, { confirm: true })).status).toBe(400);
    expect(await srv.db.selectFrom('users').select('id').where('id', '=', teacher.id).executeTakeFirst()).toBeDefined();
    const done = await send('POST', `/api/admin/users/${teacher.id}/manage`, { confirm: true, cascade_delete: true });
    expect([done.status, done.body.message]).toEqual([200, MSG.admin.deleted]);

    expect(await srv.db.selectFrom('users').select('id').where('id', '=', teacher.id).executeTakeFirst()).toBeUndefined();
    expect(await srv.db.selectFrom('geofence_sessions').select('id').where('teacher_id', '=', teacher.id).execute()).toEqual([]);
    expect(await srv.db.selectFrom('attendance_records').select('id').where('session_id', '=', own.id).execute()).toEqual([]);
    expect(await srv.db.selectFrom('attendance_attempts').select('id').where('session_id', '=', own.id).execute()).toEqual([]);
    expect(await srv.db.selectFrom('geofence_checks').select('session_id').where('session_id', '=', own.id).execute()).toEqual([]);
    expect(await srv.db.selectFrom('face_enrollments').select('id').where('user_id', '=', teacher.id).execute()).toEqual([]);
    // The student's record in the other teacher's session stays, without the deleted marker.
    expect(await srv.db.selectFrom('attendance_records').select(['student_id', 'marked_by']).where('session_id', '=', others.id).execute()).toEqual([
      { student_id: student.id, marked_by: null },
    ]);
    expect(fs.existsSync(folder)).toBe(false);
    expect(fs.readdirSync(path.dirname(folder)).filter((f) => f.startsWith(`${teacher.id}.`))).toEqual([]);
    const orphans = await srv.db
      .selectFrom('attendance_records as r')
      .leftJoin('users as u', 'u.id', 'r.student_id')
      .leftJoin('geofence_sessions as s', 's.id', 'r.session_id')
      .select('r.id')
      .where((eb) => eb.or([eb('u.id', 'is', null), eb('s.id', 'is', null)]))
      .execute();
    expect(orphans).toEqual([]);
    expect((await get('/api/get_teacher_profile', teacher.token)).status).toBe(401);
    expect((await send('POST', `/api/admin/users/${teacher.id}/manage`, { confirm: true, cascade_delete: true })).status).toBe(404);
    expect((await send('POST', `/api/admin/users/${admin.id}/manage`, { confirm: true, cascade_delete: true })).status).toBe(409);
  });
});
