import { describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { getJson, patchJson, postJson, trpcClient } from '@harness/api-client';
import { manualClock } from '@tests/helpers/manual-clock';
import { createTestUser, signInTestUser, startTestServerForFile } from '@tests/helpers/test-server';

const clock = manualClock(new Date('2026-03-02T04:00:00Z'));
const srv = await startTestServerForFile({ clock });

const CENTRE = { latitude: 23.0225, longitude: 72.5714, accuracy: 12 };

const patch = (path: string, body: unknown, token: string) => patchJson(`${srv.url}${path}`, body, token);

/** The student's own mark, present and verified now, as their check-in writes it: no teacher's hand in it. */
const insertOwnMark = (sessionId: number, studentId: number) =>
  srv.db
    .insertInto('attendance_records')
    .values({
      session_id: sessionId,
      student_id: studentId,
      status: 'present',
      marked_at: clock.now().toISOString(),
      geofencing_status: 'valid',
      face_recognition_status: 'success',
      manual_override: 0,
      updated_at: clock.now().toISOString(),
    })
    .execute();

/** A teacher with an open session and `n` active students in `department` (plus one pending, who never counts). */
async function classOf(department: string, n: number) {
  const teacher = await signInTestUser(srv, { role: 'teacher', department });
  // in id order, as recordsOf lists them (created at once, PostgreSQL may hand out the ids in any order)
  const students = (await Promise.all(Array.from({ length: n }, () => createTestUser(srv.db, { role: 'student', department })))).sort((a, b) => a.id - b.id);
  await createTestUser(srv.db, { role: 'student', department, status: 'pending' });
  const started = await postJson(`${srv.url}/api/start_geofence`, { teacher_id: teacher.id, ...CENTRE, radius: 50, department }, teacher.token);
  expect(started.status).toBe(201);
  return { teacher, students, sessionId: started.body.session_id as number };
}

const recordsOf = (sessionId: number) =>
  srv.db
    .selectFrom('attendance_records')
    .select(['student_id', 'status', 'manual_override', 'marked_by', 'face_recognition_status'])
    .where('session_id', '=', sessionId)
    .orderBy('student_id')
    .execute();

describe("Stop's question", () => {
  it('counts the students Stop would mark absent, and Stop marks exactly those', async () => {
    const { teacher, students, sessionId } = await classOf('IMCA', 4);
    const status = async () => (await getJson(`${srv.url}/api/check_geofence_status`, teacher.token)).body;
    expect((await status()).unmarked_count).toBe(4);
    await patch('/api/mark_attendance_manual', { student_id: students[0].id, session_id: sessionId, status: 'present' }, teacher.token);
    expect((await status()).unmarked_count).toBe(3);
    const viaTrpc = await trpcClient(srv.url, teacher.token).teacher.geofenceStatus.query();
    expect(viaTrpc.active && viaTrpc.unmarked_count).toBe(3);
    const stop = await patch('/api/stop_geofence', {}, teacher.token);
    expect(stop.body.marked_absent).toBe(3);
    expect((await recordsOf(sessionId)).map((r) => r.status)).toEqual(['present', 'absent', 'absent', 'absent']);
  });
});

describe('the rest of the class at once', () => {
  it('marks every unmarked student in one go, keeps the marks already there, and says when none are left', async () => {
    const { teacher, students, sessionId } = await classOf('BSCIT', 3);
    // The first student checked in themself: their own verified mark.
    await insertOwnMark(sessionId, students[0].id);
    const res = await patch('/api/mark_remaining', { session_id: sessionId, status: 'absent' }, teacher.token);
    expect(res).toMatchObject({ status: 200, body: { marked: 2, message: MSG.bulk.done(2, 'absent') } });
    const records = await recordsOf(sessionId);
    expect(records[0]).toMatchObject({ status: 'present', manual_override: 0, face_recognition_status: 'success' });
    expect(records.slice(1)).toEqual(
      students.slice(1).map((s) => ({ student_id: s.id, status: 'absent', manual_override: 1, marked_by: teacher.id, face_recognition_status: null })),
    );
    const again = await trpcClient(srv.url, teacher.token).teacher.markRemaining.mutate({ session_id: sessionId, status: 'present' });
    expect(again).toEqual({ marked: 0, message: MSG.bulk.none });
    expect((await getJson(`${srv.url}/api/check_geofence_status`, teacher.token)).body.unmarked_count).toBe(0);
    await patch('/api/stop_geofence', {}, teacher.token);
  });

  it("refuses another teacher's session and a session that has ended", async () => {
    const { teacher, sessionId } = await classOf('IMSCIT', 2);
    const other = await signInTestUser(srv, { role: 'teacher', department: 'IMSCIT' });
    expect((await patch('/api/mark_remaining', { session_id: sessionId, status: 'present' }, other.token)).status).toBe(403);
    expect(await recordsOf(sessionId)).toEqual([]);
    clock.advance(11 * 60_000);
    const late = await patch('/api/mark_remaining', { session_id: sessionId, status: 'present' }, teacher.token);
    expect(late).toMatchObject({ status: 409, body: { error: MSG.bulk.sessionOver } });
    // The automatic end marked them absent, as before.
    expect((await recordsOf(sessionId)).map((r) => [r.status, r.manual_override])).toEqual([
      ['absent', 0],
      ['absent', 0],
    ]);
  });
});

describe('a manual mark that changes nothing', () => {
  it('leaves an unflagged verified present mark as it is; a flagged one confirmed, or a change, is rewritten as manual', async () => {
    const { teacher, students, sessionId } = await classOf('MBA', 1);
    const student = students[0];
    await insertOwnMark(sessionId, student.id);
    const same = await patch('/api/mark_attendance_manual', { student_id: student.id, session_id: sessionId, status: 'present' }, teacher.token);
    expect(same.body).toMatchObject({ changed: false, message: MSG.markChange.unchanged(student.username, 'present') });
    expect((await recordsOf(sessionId))[0]).toMatchObject({ status: 'present', manual_override: 0, marked_by: null });
    // A flagged mark confirmed present is the teacher's word for it (issue 19): rewritten as manual, which clears the flag.
    await srv.db.updateTable('attendance_records').set({ mark_flags: 1 }).where('session_id', '=', sessionId).execute();
    const confirmed = await patch('/api/mark_attendance_manual', { student_id: student.id, session_id: sessionId, status: 'present' }, teacher.token);
    expect(confirmed.body.changed).toBe(true);
    expect((await recordsOf(sessionId))[0]).toMatchObject({ status: 'present', manual_override: 1, marked_by: teacher.id });
    const changed = await trpcClient(srv.url, teacher.token).teacher.markManual.mutate({ student_id: student.id, session_id: sessionId, status: 'absent' });
    expect(changed.changed).toBe(true);
    expect((await recordsOf(sessionId))[0]).toMatchObject({ status: 'absent', manual_override: 1, marked_by: teacher.id });
    await patch('/api/stop_geofence', {}, teacher.token);
  });
});
