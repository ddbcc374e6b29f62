import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendanceStatus } from '@shared/attendance/attendance-status';
import { MSG } from '@shared/messages';
import { getJson, patchJson, trpcClient } from '@harness/api-client';
import { manualClock } from '@tests/helpers/manual-clock';
import { insertSession } from '@harness/geofence-sessions';
import { signInTestUser, startTestServer, type TestServer } from '@tests/helpers/test-server';

// August: the default semester (July to December) is in force until an administrator sets one. The clock only moves
// forward, as the app's writes (their updated_at) do: the lists read the admin reports' facts, kept current by it.
const clock = manualClock(new Date('2026-08-11T06:00:00Z'));
let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ clock });
});
afterAll(() => srv.close());

const day = (n: number) => new Date(Date.parse('2026-08-01T04:00:00Z') + n * 86_400_000).toISOString();
const departmentId = async (name: string) => (await srv.db.selectFrom('departments').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

/** `count` ended sessions of the department's teacher, a day apart from `firstDay`. */
async function sessions(teacherId: number, department: string, count: number, firstDay = 0) {
  const department_id = await departmentId(department);
  const ids = [];
  for (let i = 0; i < count; i++)
    ids.push(await insertSession(srv.db, { teacher_id: teacherId, department_id, started_at: day(firstDay + i), ended_at: day(firstDay + i) }));
  return ids;
}

/** A student of the department, active since before the semester, with a token. */
async function student(department: string, username: string) {
  const s = await signInTestUser(srv, { role: 'student', department, username });
  await srv.db.updateTable('users').set({ created_at: '2026-06-01T00:00:00Z' }).where('id', '=', s.id).execute();
  return s;
}

async function mark(studentId: number, sessionIds: number[], statuses: AttendanceStatus[]) {
  for (const [i, status] of statuses.entries()) {
    const at = day(i);
    await srv.db
      .insertInto('attendance_records')
      .values({ session_id: sessionIds[i], student_id: studentId, status, marked_at: at, updated_at: clock.now().toISOString() })
      .execute();
  }
}

async function login(user: { email: string; password: string }) {
  const res = await fetch(`${srv.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  return ((await res.json()) as { token: string }).token;
}

const standing = async (token: string) => getJson(`${srv.url}/api/attendance_standing`, token);
/** Issue 39: these departments have no timetable, so the sessions to come and what they allow are not known. */
const NO_TIMETABLE = { remaining: null, best_rate: null, needed_by_end: null, cannot_reach: null };
const times = (n: number, v: AttendanceStatus): AttendanceStatus[] => Array(n).fill(v);

describe('a student’s standing against the rule', () => {
  it('has no rate before any session of the department was held', async () => {
    const s = await student('IMSCIT', 'nosessions');
    const res = await standing(s.token);
    expect(res).toMatchObject({ status: 200 });
    expect(res.body).toEqual({ rate: null, required_rate: 75, held: 0, attended: 0, excused: 0, can_miss: 0, needed_to_recover: 0, ...NO_TIMETABLE });
  });

  it('leaves excused sessions out: all excused is no rate, not 0%', async () => {
    const teacher = await signInTestUser(srv, { role: 'teacher', department: 'IMCA' });
    const ids = await sessions(teacher.id, 'IMCA', 3);
    const s = await student('IMCA', 'allexcused');
    await mark(s.id, ids, times(3, 'excused'));
    expect((await standing(s.token)).body).toEqual({
      rate: null,
      required_rate: 75,
      held: 3,
      attended: 0,
      excused: 3,
      can_miss: 0,
      needed_to_recover: 0,
      ...NO_TIMETABLE,
    });
  });

  it('counts a student who joined mid-semester from their approval, not from the semester’s start', async () => {
    const teacher = await signInTestUser(srv, { role: 'teacher', department: 'BSCIT' });
    await sessions(teacher.id, 'BSCIT', 5, 0); // August 1-5: before the student was approved
    const pending = await signInTestUser(srv, { role: 'student', department: 'BSCIT', username: 'latejoiner', status: 'pending' });
    const approved = await patchJson(`${srv.url}/api/approve_students`, { user_ids: [pending.id] }, teacher.token);
    expect(approved.status).toBe(200);
    clock.set(new Date('2026-09-15T06:00:00Z'));
    const after = await sessions(teacher.id, 'BSCIT', 4, 20); // August 21-24
    // Logged in again: a token lives hours, and the clock moved a month.
    const token = await login(pending);
    await mark(pending.id, after, ['present', 'present', 'present', 'absent']);
    expect((await standing(token)).body).toEqual({
      rate: 75,
      required_rate: 75,
      held: 4,
      attended: 3,
      excused: 0,
      can_miss: 0,
      needed_to_recover: 0,
      ...NO_TIMETABLE,
    });
    // The teacher's list agrees (computed by the list's own pass, not per student).
    const list = (await getJson(`${srv.url}/api/at_risk_students`, await login(teacher))).body;
    expect(list.students).toEqual([expect.objectContaining({ student_id: pending.id, username: 'latejoiner', rate: 75, held: 4, can_miss: 0 })]);
  });
});

describe('the teacher’s At risk list and the admin’s shortfall', () => {
  it('lists the department’s students below the rule or within 2 sessions of it, lowest rate first', async () => {
    const teacher = await signInTestUser(srv, { role: 'teacher', department: 'BCA' });
    const otherTeacher = await signInTestUser(srv, { role: 'teacher', department: 'MBA' });
    const admin = await signInTestUser(srv, { role: 'admin' });
    const ids = await sessions(teacher.id, 'BCA', 10);
    const close = await student('BCA', 'closecall');
    const below = await student('BCA', 'farbelow');
    const safe = await student('BCA', 'safestudent');
    await mark(close.id, ids, [...times(9, 'present'), 'absent']);
    await mark(below.id, ids, [...times(4, 'present'), ...times(6, 'absent')]);
    await mark(safe.id, ids, times(10, 'present'));

    expect((await standing(close.token)).body).toEqual({
      rate: 90,
      required_rate: 75,
      held: 10,
      attended: 9,
      excused: 0,
      can_miss: 2,
      needed_to_recover: 0,
      ...NO_TIMETABLE,
    });
    expect((await standing(below.token)).body).toEqual({
      rate: 40,
      required_rate: 75,
      held: 10,
      attended: 4,
      excused: 0,
      can_miss: 0,
      needed_to_recover: 14,
      ...NO_TIMETABLE,
    });
    expect((await standing(safe.token)).body).toMatchObject({ rate: 100, can_miss: 3 });

    const res = await getJson(`${srv.url}/api/at_risk_students`, teacher.token);
    expect(res.status).toBe(200);
    expect(res.body.required_rate).toBe(75);
    expect(res.body.students.map((s: { username: string }) => s.username)).toEqual(['farbelow', 'closecall']);
    expect(res.body.students[0]).toMatchObject({ student_id: below.id, username: 'farbelow', rate: 40, needed_to_recover: 14, last_present_at: day(3) });
    // Another department's teacher sees none of them.
    const other = await getJson(`${srv.url}/api/at_risk_students`, otherTeacher.token);
    expect(JSON.stringify(other.body)).not.toContain('farbelow');

    const bca = await departmentId('BCA');
    const report = await trpcClient(srv.url, admin.token).attendanceRule.shortfall.query({ department_id: bca });
    expect(report).toMatchObject({ required_rate: 75, total: 1, rows: [expect.objectContaining({ username: 'farbelow', department: 'BCA', rate: 40 })] });
    // Dates narrow the period: over August 1-4 only, farbelow attended all four.
    expect(
      (await trpcClient(srv.url, admin.token).attendanceRule.shortfall.query({ department_id: bca, start_date: '2026-08-01', end_date: '2026-08-04' })).total,
    ).toBe(0);
    const csv = await fetch(`${srv.url}/api/admin/attendance-shortfall/export.csv?department_id=${bca}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(csv.headers.get('content-disposition')).toMatch(/attendance_shortfall_\d{8}_\d{6}\.csv/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines).toEqual([
      'Student,Department,Rate (%),Required (%),Held,Attended,Excused,Sessions needed,Last present',
      'farbelow,BCA,40,75,10,4,0,14,04/08/2026 09:30:00',
    ]);
  });

  it('follows the administrator’s switch for late marks, and refuses a bad rule without changing it', async () => {
    clock.set(new Date('2026-09-16T06:00:00Z'));
    const teacher = await signInTestUser(srv, { role: 'teacher', department: 'MBA' });
    const admin = await signInTestUser(srv, { role: 'admin' });
    const ids = await sessions(teacher.id, 'MBA', 4, 30);
    const s = await student('MBA', 'oftenlate');
    await mark(s.id, ids, ['present', 'present', 'late', 'late']);
    expect((await standing(s.token)).body).toMatchObject({ rate: 100, attended: 4 });

    const api = trpcClient(srv.url, admin.token).attendanceRule;
    const rule = { required_rate: 75, semester_start: '2026-07-01', semester_end: '2026-12-31', late_counts_as_present: false };
    expect(await api.setSettings.mutate(rule)).toMatchObject({ ...rule, updated_by: admin.username });
    expect((await standing(s.token)).body).toEqual({
      rate: 50,
      required_rate: 75,
      held: 4,
      attended: 2,
      excused: 0,
      can_miss: 0,
      needed_to_recover: 4,
      ...NO_TIMETABLE,
    });
    expect((await getJson(`${srv.url}/api/at_risk_students`, teacher.token)).body.students).toEqual([
      expect.objectContaining({ username: 'oftenlate', rate: 50 }),
    ]);

    const put = (body: unknown) =>
      fetch(`${srv.url}/api/admin/attendance_rule`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
        body: JSON.stringify(body),
      });
    for (const [bad, message] of [
      [{ ...rule, required_rate: 101 }, MSG.attendanceRule.badRate],
      [{ ...rule, required_rate: 'lots' }, MSG.attendanceRule.badRate],
      [{ ...rule, semester_end: '2026-06-30' }, MSG.attendanceRule.endBeforeStart],
      [{ ...rule, semester_start: '2026-02-30' }, MSG.attendanceRule.badDate],
    ] as const) {
      const res = await put(bad);
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
    expect((await getJson(`${srv.url}/api/admin/attendance_rule`, admin.token)).body).toMatchObject(rule);
    await api.setSettings.mutate({ ...rule, late_counts_as_present: true });
  });
});

describe('the shortfall report follows every change at once', () => {
  it('shows a teacher’s mark, a corrected latest mark and a session’s end in the next report, as a recount would', async () => {
    clock.set(new Date('2026-09-20T06:00:00Z'));
    const teacher = await signInTestUser(srv, { role: 'teacher', department: 'IMSCIT' });
    const admin = await signInTestUser(srv, { role: 'admin' });
    const ids = await sessions(teacher.id, 'IMSCIT', 5, 40); // September 10-14
    const s = await student('IMSCIT', 'turnaround');
    await mark(s.id, ids, ['present', 'absent', 'absent', 'absent', 'present']);
    const imscit = await departmentId('IMSCIT');
    const api = trpcClient(srv.url, admin.token).attendanceRule;
    const rowOf = async () => (await api.shortfall.query({ department_id: imscit })).rows.find((r) => r.student_id === s.id);
    const manual = async (session_id: number, status: AttendanceStatus) => {
      // A minute later each time: the facts read what changed after the newest updated_at they hold.
      clock.set(new Date(clock.now().getTime() + 60_000));
      const res = await patchJson(`${srv.url}/api/mark_attendance_manual`, { student_id: s.id, session_id, status }, teacher.token);
      expect(res.status).toBe(200);
    };
    expect(await rowOf()).toMatchObject({ rate: 40, held: 5, attended: 2, last_present_at: day(4) });

    // An absence corrected to present: the next report counts it.
    await manual(ids[1], 'present');
    expect(await rowOf()).toMatchObject({ rate: 60, attended: 3, needed_to_recover: 3 });
    expect((await getJson(`${srv.url}/api/at_risk_students`, teacher.token)).body.students).toContainEqual(
      expect.objectContaining({ student_id: s.id, rate: 60 }),
    );
    // The latest present mark corrected to absent: the last present mark moves back to the one before it.
    await manual(ids[4], 'absent');
    expect(await rowOf()).toMatchObject({ rate: 40, attended: 2, last_present_at: day(1) });
    await manual(ids[2], 'excused');
    expect(await rowOf()).toMatchObject({ rate: 50, held: 5, excused: 1, attended: 2 });

    // A class in progress counts once the student has a mark in it, and still counts it once it has ended.
    const open = await insertSession(srv.db, {
      teacher_id: teacher.id,
      department_id: imscit,
      started_at: '2026-09-20T05:50:00Z',
      ends_at: '2026-09-20T06:50:00Z',
      ended_at: null,
    });
    expect(await rowOf()).toMatchObject({ rate: 50, held: 5 });
    await manual(open, 'present');
    expect(await rowOf()).toMatchObject({ rate: 60, held: 6, attended: 3 });
    clock.set(new Date(clock.now().getTime() + 60_000));
    const stop = await fetch(`${srv.url}/api/stop_geofence`, { method: 'PATCH', headers: { authorization: `Bearer ${teacher.token}` } });
    expect(stop.status).toBe(200);
    expect(await rowOf()).toMatchObject({ rate: 60, held: 6, attended: 3, last_present_at: '2026-09-20T06:04:00.000Z' });
    // A class of the department held and ended without the student: one more session missed.
    await sessions(teacher.id, 'IMSCIT', 1, 45);
    expect(await rowOf()).toMatchObject({ rate: 50, held: 7, attended: 3 });

    // What the report kept up to date by the changed records equals a count from scratch of the same database.
    const kept = await api.shortfall.query({ department_id: imscit });
    const csv = await (
      await fetch(`${srv.url}/api/admin/attendance-shortfall/export.csv?department_id=${imscit}`, { headers: { authorization: `Bearer ${admin.token}` } })
    ).text();
    srv.deps.reports.invalidate();
    expect(await api.shortfall.query({ department_id: imscit })).toEqual(kept);
    expect(
      await (
        await fetch(`${srv.url}/api/admin/attendance-shortfall/export.csv?department_id=${imscit}`, { headers: { authorization: `Bearer ${admin.token}` } })
      ).text(),
    ).toBe(csv);
  });
});
