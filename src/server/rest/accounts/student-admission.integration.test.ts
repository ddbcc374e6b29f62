import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { getJson, patchJson, postJson, trpcClient } from '@harness/api-client';
import { manualClock } from '@tests/helpers/manual-clock';
import { createTestUser, signInTestUser, startTestServer, type TestServer } from '@tests/helpers/test-server';

const clock = manualClock(new Date('2026-03-02T04:00:00Z'));
let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ clock });
});
afterAll(() => srv.close());

const patch = (path: string, body: unknown, token: string) => patchJson(`${srv.url}${path}`, body, token);
const login = (email: string, password: string) => postJson(`${srv.url}/api/login`, { email, password });
const pendingEmails = async (token: string) =>
  ((await getJson(`${srv.url}/api/pending_students_by_department`, token)).body as { students: { email: string }[] }[]).flatMap((g) =>
    g.students.map((s) => s.email),
  );

describe('Reject beside Approve', () => {
  it('takes the student off the pending list and tells them the reason at login, after the right password only', async () => {
    const teacher = await signInTestUser(srv, { role: 'teacher', department: 'BCA' });
    const student = await createTestUser(srv.db, { role: 'student', department: 'BCA', status: 'pending' });
    const reason = 'You are in MBA: please register there.';
    const res = await patch('/api/reject_students', { user_ids: [student.id], reason: `  ${reason} ` }, teacher.token);
    expect(res).toMatchObject({ status: 200, body: { rejected: 1, message: MSG.reject.done(1) } });
    expect(await pendingEmails(teacher.token)).not.toContain(student.email);
    const refused = await login(student.email, student.password);
    expect(refused).toMatchObject({ status: 403, body: { success: false, error_code: 'ACCOUNT_REJECTED', message: MSG.reject.login(reason) } });
    const wrong = await login(student.email, 'Wrong-pass1');
    expect(wrong.body.error_code).toBe('INVALID_CREDENTIALS');
    expect(wrong.text).not.toContain(reason);
    // Rejected once is not pending: neither approval nor a second rejection applies.
    expect((await patch('/api/approve_students', { user_ids: [student.id] }, teacher.token)).status).toBe(409);
    expect((await patch('/api/reject_students', { user_ids: [student.id] }, teacher.token)).status).toBe(409);
  });

  it('without a reason says so and sends the student to their teacher; a deactivated account keeps its own message', async () => {
    const teacher = await signInTestUser(srv, { role: 'teacher', department: 'BCA' });
    const a = await createTestUser(srv.db, { role: 'student', department: 'BCA', status: 'pending' });
    const b = await createTestUser(srv.db, { role: 'student', department: 'BCA', status: 'pending' });
    const res = await trpcClient(srv.url, teacher.token).teacher.rejectStudents.mutate({ user_ids: [a.id, b.id], reason: '' });
    expect(res.rejected).toBe(2);
    for (const s of [a, b]) expect((await login(s.email, s.password)).body).toMatchObject({ error_code: 'ACCOUNT_REJECTED', message: MSG.reject.login(null) });
    const inactive = await createTestUser(srv.db, { role: 'student', department: 'BCA', status: 'inactive' });
    expect((await login(inactive.email, inactive.password)).body).toMatchObject({ error_code: 'ACCOUNT_INACTIVE', message: MSG.login.inactive });
  });

  it('a rejected account the administrator lets in again is no longer told "rejected", also when deactivated later', async () => {
    const teacher = await signInTestUser(srv, { role: 'teacher', department: 'BCA' });
    const admin = await signInTestUser(srv, { role: 'admin' });
    const s = await createTestUser(srv.db, { role: 'student', department: 'BCA', status: 'pending' });
    await trpcClient(srv.url, teacher.token).teacher.rejectStudents.mutate({ user_ids: [s.id], reason: 'Wrong class' });
    expect((await login(s.email, s.password)).body).toMatchObject({ error_code: 'ACCOUNT_REJECTED' });
    const adminApi = trpcClient(srv.url, admin.token).admin;
    await adminApi.updateUser.mutate({ id: s.id, changes: { status: 'active' } });
    expect((await login(s.email, s.password)).status).toBe(200);
    await adminApi.updateUser.mutate({ id: s.id, changes: { status: 'inactive' } });
    expect((await login(s.email, s.password)).body).toMatchObject({ error_code: 'ACCOUNT_INACTIVE', message: MSG.login.inactive });
  });

  it("refuses another department's student, a teacher, and a reason too long, rejecting nobody", async () => {
    const teacher = await signInTestUser(srv, { role: 'teacher', department: 'BCA' });
    const mba = await createTestUser(srv.db, { role: 'student', department: 'MBA', status: 'pending' });
    const own = await createTestUser(srv.db, { role: 'student', department: 'BCA', status: 'pending' });
    const pendingTeacher = await createTestUser(srv.db, { role: 'teacher', department: 'BCA', status: 'pending' });
    expect((await patch('/api/reject_students', { user_ids: [own.id, mba.id] }, teacher.token)).status).toBe(403);
    expect((await patch('/api/reject_students', { user_ids: [pendingTeacher.id] }, teacher.token)).status).toBe(403);
    const long = await patch('/api/reject_students', { user_ids: [own.id], reason: 'x'.repeat(301) }, teacher.token);
    expect(long).toMatchObject({ status: 400, body: { error: MSG.reject.reasonTooLong(300) } });
    const statuses = await srv.db.selectFrom('users').select('status').where('id', 'in', [mba.id, own.id, pendingTeacher.id]).execute();
    expect(statuses.map((s) => s.status)).toEqual(['pending', 'pending', 'pending']);
    expect(await srv.db.selectFrom('student_rejections').select('user_id').where('user_id', 'in', [mba.id, own.id]).execute()).toEqual([]);
  });
});

describe("the teacher's own Add Student", () => {
  const fields = { username: 'ravi01', email: 'Ravi@School.test', phone_number: '9876543210', password: 'Strong-pass1' };

  it('adds an active student to their own department, who can log in at once and is on the class list', async () => {
    const teacher = await signInTestUser(srv, { role: 'teacher', department: 'IMSCIT' });
    const res = await postJson(`${srv.url}/api/teacher/students`, { ...fields, department: 'MBA', role: 'teacher' }, teacher.token);
    expect(res).toMatchObject({ status: 201, body: { message: MSG.addStudent.added('ravi01') } });
    const row = await srv.db.selectFrom('users').select(['role', 'status', 'department_id', 'email']).where('id', '=', res.body.id).executeTakeFirstOrThrow();
    const imscit = await srv.db.selectFrom('departments').select('id').where('name', '=', 'IMSCIT').executeTakeFirstOrThrow();
    // The department and role are the teacher's to give, not the form's: extra fields change nothing.
    expect(row).toEqual({ role: 'student', status: 'active', department_id: imscit.id, email: 'ravi@school.test' });
    expect((await login('ravi@school.test', fields.password)).status).toBe(200);
    const list = await trpcClient(srv.url, teacher.token).teacher.studentsForSession.query({ page: 1, limit: 10, search: 'ravi' });
    expect(list.allStudents.map((s) => s.email)).toEqual(['ravi@school.test']);
    expect(res.text).not.toMatch(/argon2|password/);
  });

  it('refuses a taken email, a weak password and a teacher without a department, each with the form words', async () => {
    const teacher = await signInTestUser(srv, { role: 'teacher', department: 'IMSCIT' });
    const taken = await postJson(`${srv.url}/api/teacher/students`, { ...fields, username: 'ravi02' }, teacher.token);
    expect(taken).toMatchObject({ status: 409, body: { error: MSG.register.emailTaken } });
    const weak = await postJson(`${srv.url}/api/teacher/students`, { ...fields, email: 'weak@school.test', password: 'short' }, teacher.token);
    expect(weak).toMatchObject({ status: 400, body: { error: MSG.validation.password } });
    const homeless = await signInTestUser(srv, { role: 'teacher' });
    const noDept = await postJson(`${srv.url}/api/teacher/students`, { ...fields, email: 'nodept@school.test' }, homeless.token);
    expect(noDept).toMatchObject({ status: 409, body: { error: MSG.addStudent.noDepartment } });
    const added = await srv.db.selectFrom('users').select('id').where('email', 'in', ['weak@school.test', 'nodept@school.test']).execute();
    expect(added).toEqual([]);
  });
});
