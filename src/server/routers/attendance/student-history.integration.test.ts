import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CENTRE, classroom, ownSignals } from '@tests/helpers/classroom';
import { getJson, postJson, trpcClient } from '@harness/api-client';
import { manualClock } from '@tests/helpers/manual-clock';
import { signInTestUser, startTestServer, type TestServer } from '@tests/helpers/test-server';

/** Issue 22: the student's history names each session's department, teacher and times; the banner's open session. */
describe('student history and open session (issue 22)', () => {
  const clock = manualClock(new Date('2026-03-02T03:30:00Z'));
  let srv: TestServer;

  beforeAll(async () => {
    srv = await startTestServer({ clock });
  });
  afterAll(() => srv?.close());

  it('the open session of the student’s own department and their mark in it; each history row names its session', async () => {
    const teacher = await signInTestUser(srv, { role: 'teacher', department: 'BCA', username: 'msharma' });
    const otherTeacher = await signInTestUser(srv, { role: 'teacher', department: 'MBA', username: 'rkapoor' });
    const api = (token: string) => trpcClient(srv.url, token);

    const first = await classroom(srv, clock, { department: 'BCA', students: 1, roomCode: false, teacher });
    const [student] = first.students;
    // Another department's session is not this student's.
    const mba = await postJson(`${srv.url}/api/start_geofence`, { teacher_id: otherTeacher.id, ...CENTRE, radius: 50, department: 'MBA' }, otherTeacher.token);
    expect(mba.status).toBe(201);

    const open = await api(student.token).student.openSession.query();
    expect(open.server_time).toBe(clock.now().toISOString());
    expect(open.session).toEqual({
      department: 'BCA',
      teacher: 'msharma',
      started_at: '2026-03-02T03:30:00.000Z',
      ends_at: expect.any(String),
      // Issue 36: no room code asked; the live check is off in this server, so no tries are counted.
      room_code_required: false,
      face_tries_left: null,
      mark: null,
    });
    const before = await api(student.token).student.attendance.query({ page: 1, limit: 10 });
    expect(before).toMatchObject({ total_records: 0, attendance_records: [] });

    clock.advance(60_000);
    await first.mark(student, ownSignals(0));
    const marked = (await api(student.token).student.openSession.query()).session;
    expect(marked?.mark).toEqual({ status: 'present', marked_at: '2026-03-02T03:31:00.000Z' });

    clock.advance(4 * 60_000);
    expect((await first.stop()).status).toBe(200);
    expect((await api(student.token).student.openSession.query()).session).toBeNull();

    // A second session, which the student misses: the stop marks them absent.
    clock.advance(60 * 60_000);
    const second = await postJson(`${srv.url}/api/start_geofence`, { teacher_id: teacher.id, ...CENTRE, radius: 50, department: 'BCA' }, teacher.token);
    expect(second.status).toBe(201);
    clock.advance(5 * 60_000);
    expect((await first.stop()).status).toBe(200);

    const history = await api(student.token).student.attendance.query({ page: 1, limit: 10 });
    expect(history.attendance_records.map(({ id: _id, ...r }) => r)).toEqual([
      {
        timestamp: '2026-03-02T04:40:00.000Z',
        status: 'absent',
        manual_flag: false,
        marked_by: null,
        reviewed: false,
        department: 'BCA',
        teacher: 'msharma',
        session_started_at: '2026-03-02T04:35:00.000Z',
        session_ended_at: '2026-03-02T04:40:00.000Z',
      },
      {
        timestamp: '2026-03-02T03:31:00.000Z',
        status: 'present',
        manual_flag: false,
        marked_by: null,
        reviewed: false,
        department: 'BCA',
        teacher: 'msharma',
        session_started_at: '2026-03-02T03:30:00.000Z',
        session_ended_at: '2026-03-02T03:35:00.000Z',
      },
    ]);
    // The REST twin answers the same rows.
    const rest = await getJson(`${srv.url}/api/get_attendance?page=1&limit=10`, student.token);
    expect(rest.status).toBe(200);
    expect(rest.body.attendance_records).toEqual(history.attendance_records);
  });

  it('a student without a department has no open session; a teacher may not ask', async () => {
    const loner = await signInTestUser(srv, { role: 'student' });
    expect((await trpcClient(srv.url, loner.token).student.openSession.query()).session).toBeNull();
    const teacher = await signInTestUser(srv, { role: 'teacher', department: 'BCA' });
    await expect(trpcClient(srv.url, teacher.token).student.openSession.query()).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });
  });
});
