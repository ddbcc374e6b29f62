import { insertProof } from '@tests/helpers/proofs';
import { describe, expect, it } from 'vitest';
import { getJson, patchJson, postJson, trpcClient } from '@harness/api-client';
import { signInTestUser, startTestServerForFile } from '@tests/helpers/test-server';
import { manualClock } from '@tests/helpers/manual-clock';
import { CENTRE } from '@tests/helpers/classroom';
import { pointNorthOf } from '@tests/helpers/geo';
import { USER_AGENT_MAX } from '@server/lib/http/user-agent';

/**
 * Issue 18, section 6: every attempt and mark keeps the caller's address, user agent and the position's accuracy,
 * and the teacher (session students) and the admin (a pair's records) see them beside the mark.
 */
const clock = manualClock(new Date('2026-03-02T04:00:00Z'));
const srv = await startTestServerForFile({ clock });

const INSIDE = pointNorthOf(CENTRE.latitude, CENTRE.longitude, 20);
const PHONE = 'Mozilla/5.0 (Linux; Android 14; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

/** POST /api/mark_attendance from a browser with this user agent. */
const restMark = (token: string, userAgent: string, body: Record<string, unknown>) =>
  fetch(`${srv.url}/api/mark_attendance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'user-agent': userAgent },
    body: JSON.stringify({ ...INSIDE, ...body }),
  }).then(async (r) => ({ status: r.status, body: await r.json() }));

/** student.markAttendance over tRPC, as the browser's batch link sends it. */
const trpcMark = (token: string, userAgent: string, input: Record<string, unknown>) =>
  fetch(`${srv.url}/trpc/student.markAttendance?batch=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'user-agent': userAgent },
    body: JSON.stringify({ 0: { ...INSIDE, ...input } }),
  }).then(async (r) => ({ status: r.status, body: (await r.json())[0] }));

const addProof = (user: { id: number; token?: string }, opts?: Parameters<typeof insertProof>[3]) => insertProof(srv.db, clock, user, opts);

const attemptsOf = async (studentId: number) => {
  await srv.deps.attempts.flush();
  return (
    srv.db
      .selectFrom('attendance_attempts')
      .select(['outcome', 'ip', 'user_agent', 'accuracy_m'])
      .where('student_id', '=', studentId)
      // Geofence steps are written in batches after refusals and marks: the order of ids says nothing.
      .orderBy('outcome')
      .execute()
  );
};
const recordOf = (studentId: number) =>
  srv.db.selectFrom('attendance_records').select(['status', 'ip', 'user_agent', 'accuracy_m']).where('student_id', '=', studentId).executeTakeFirstOrThrow();

describe('where a mark came from', () => {
  it('is kept with every attempt and the mark, over REST and tRPC, and shown to the teacher and the admin', async () => {
    const teacher = await signInTestUser(srv, { role: 'teacher', department: 'BCA' });
    const viaRest = await signInTestUser(srv, { role: 'student', department: 'BCA' });
    const viaTrpc = await signInTestUser(srv, { role: 'student', department: 'BCA' });
    const admin = await signInTestUser(srv, { role: 'admin' });
    const started = await postJson(`${srv.url}/api/start_geofence`, { teacher_id: teacher.id, ...CENTRE, radius: 50, department: 'BCA' }, teacher.token);
    expect(started.status).toBe(201);

    // The geofence step (on PostgreSQL REST takes the one-statement path) then the final mark, each door.
    expect((await restMark(viaRest.token, PHONE, { accuracy: 12.5 })).body).toMatchObject({ geofencing_status: 'valid' });
    await addProof(viaRest);
    expect((await restMark(viaRest.token, PHONE, { accuracy: 9, face_verified: true })).body).toMatchObject({ status: 'present' });
    expect((await trpcMark(viaTrpc.token, LAPTOP, { accuracy: 30 })).body.result.data).toMatchObject({ geofencing_status: 'valid' });
    expect((await trpcMark(viaTrpc.token, LAPTOP, { accuracy: 25, face_verified: true })).body.result.data).toMatchObject({ status: 'refused' });
    await addProof(viaTrpc);
    expect((await trpcMark(viaTrpc.token, LAPTOP, { accuracy: 20, face_verified: true })).body.result.data).toMatchObject({ status: 'present' });

    expect(await attemptsOf(viaRest.id)).toEqual([
      { outcome: 'geofence_valid', ip: '127.0.0.1', user_agent: PHONE, accuracy_m: 12.5 },
      { outcome: 'present', ip: '127.0.0.1', user_agent: PHONE, accuracy_m: 9 },
    ]);
    expect(await attemptsOf(viaTrpc.id)).toEqual([
      { outcome: 'geofence_valid', ip: '127.0.0.1', user_agent: LAPTOP, accuracy_m: 30 },
      { outcome: 'present', ip: '127.0.0.1', user_agent: LAPTOP, accuracy_m: 20 },
      { outcome: 'refused_no_face_proof', ip: '127.0.0.1', user_agent: LAPTOP, accuracy_m: 25 },
    ]);
    expect(await recordOf(viaRest.id)).toEqual({ status: 'present', ip: '127.0.0.1', user_agent: PHONE, accuracy_m: 9 });
    expect(await recordOf(viaTrpc.id)).toEqual({ status: 'present', ip: '127.0.0.1', user_agent: LAPTOP, accuracy_m: 20 });

    // The teacher's session list (REST and tRPC): address, the device as a person reads it, the accuracy.
    const listed = (await getJson(`${srv.url}/api/get_students_for_session?page=1&limit=10`, teacher.token)).body.students;
    const rowOf = (rows: { student_id: number }[], id: number) => rows.find((r) => r.student_id === id);
    expect(rowOf(listed, viaRest.id)).toMatchObject({ ip: '127.0.0.1', device: 'Chrome 131 on Android', accuracy_m: 9 });
    const overTrpc = await trpcClient(srv.url, teacher.token).teacher.studentsForSession.query({ page: 1, limit: 10, search: '' });
    expect(rowOf(overTrpc.students, viaTrpc.id)).toMatchObject({ ip: '127.0.0.1', device: 'Firefox 133 on Linux', accuracy_m: 20 });
    expect(JSON.stringify(listed)).not.toContain('user_agent');

    // The admin's pair detail, REST and tRPC.
    const detail = (await getJson(`${srv.url}/api/admin/attendance-details/${teacher.id}/${viaRest.id}`, admin.token)).body;
    expect(detail).toHaveLength(1);
    expect(detail[0]).toMatchObject({ ip: '127.0.0.1', device: 'Chrome 131 on Android', accuracy_m: 9 });
    const pair = await trpcClient(srv.url, admin.token).admin.pairDetail.query({ teacher: teacher.id, student: viaTrpc.id });
    expect(pair[0]).toMatchObject({ ip: '127.0.0.1', device: 'Firefox 133 on Linux', accuracy_m: 20 });
  });

  it("keeps at most 300 characters of a user agent, without control characters; a manual mark has no caller's trace", async () => {
    const teacher = await signInTestUser(srv, { role: 'teacher', department: 'MBA' });
    const student = await signInTestUser(srv, { role: 'student', department: 'MBA' });
    const other = await signInTestUser(srv, { role: 'student', department: 'MBA' });
    const started = await postJson(`${srv.url}/api/start_geofence`, { teacher_id: teacher.id, ...CENTRE, radius: 50, department: 'MBA' }, teacher.token);
    expect(started.status).toBe(201);
    const padded = `Bot\t${'x'.repeat(2000)}`;
    await restMark(student.token, padded, { accuracy: 5 });
    const [attempt] = await attemptsOf(student.id);
    expect(attempt.user_agent).toBe(`Bot${'x'.repeat(USER_AGENT_MAX - 3)}`);

    const manual = await patchJson(
      `${srv.url}/api/mark_attendance_manual`,
      { student_id: other.id, session_id: started.body.session_id, status: 'present' },
      teacher.token,
    );
    expect(manual.status).toBe(200);
    expect(await recordOf(other.id)).toEqual({ status: 'present', ip: null, user_agent: null, accuracy_m: null });
    const listed = (await getJson(`${srv.url}/api/get_students_for_session?page=1&limit=10`, teacher.token)).body.students;
    expect(listed.find((r: { student_id: number }) => r.student_id === other.id)).toMatchObject({ ip: null, device: null, accuracy_m: null });
  });
});
