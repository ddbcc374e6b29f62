import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CENTRE, classroom, ownSignals } from '@tests/helpers/classroom';
import { pointNorthOf } from '@tests/helpers/geo';
import { getJson, trpcClient } from '@harness/api-client';
import { manualClock } from '@tests/helpers/manual-clock';
import { insertFaceTry } from '@tests/helpers/proofs';
import { signInTestUser, startTestServer, type TestServer } from '@tests/helpers/test-server';

/**
 * Issue 36: the teacher's student dialog shows the last attempt at each step of the mark. A student who passed the
 * geofence step three times and was then refused by the face check is no longer 'Not available' there.
 */
describe("the last attempt at each step of a student's mark, as the teacher's list gives it", () => {
  const clock = manualClock(new Date('2026-03-02T03:30:00Z'));
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({ clock });
  });
  afterAll(() => srv?.close());

  it('geofence (inside, outside with distance), room code (accepted, wrong), face check (refused with reason, tries used), the final mark refused without a face check, on both doors and only for the own department', async () => {
    const c = await classroom(srv, clock, { department: 'BCA', students: 4, roomCode: true });
    const [tried, wrongCode, idle, scripted] = c.students;
    const at = () => clock.now().toISOString();

    // Outside first, then inside three times: the last step counts.
    const far = { ...ownSignals(0), ...pointNorthOf(CENTRE.latitude, CENTRE.longitude, 240) };
    expect((await c.step(tried, far)).body).toMatchObject({ status: 'geofence_checked', geofencing_status: 'invalid', distance_m: 240 });
    for (let i = 0; i < 3; i++) {
      clock.advance(30_000);
      expect((await c.step(tried, ownSignals(0))).body).toMatchObject({ status: 'geofence_checked', geofencing_status: 'valid' });
    }
    const lastStep = at();
    // Two face checks, then refused: the movements did not follow the challenge.
    clock.advance(20_000);
    await insertFaceTry(srv.db, clock, tried, c.sessionId, 'abandoned', 10);
    clock.advance(20_000);
    await insertFaceTry(srv.db, clock, tried, c.sessionId, 'challenge_not_followed', 0);
    const refusedAt = at();

    // Another student types a wrong code from outside: the code is wrong, and the teacher sees where they were.
    clock.advance(10_000);
    const wrong = await fetch(`${srv.url}/api/mark_attendance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${wrongCode.token}`, 'x-forwarded-for': '198.51.100.40' },
      body: JSON.stringify({ ...pointNorthOf(CENTRE.latitude, CENTRE.longitude, 500), accuracy: 10, room_code: 'NOTIT' }),
    });
    expect(wrong.status).toBe(400);
    const wrongAt = at();

    // A script that passes the step and sends the final mark without a face check: the mark's own refusal, and why.
    clock.advance(10_000);
    expect((await c.step(scripted, ownSignals(3))).body).toMatchObject({ status: 'geofence_checked', geofencing_status: 'valid' });
    const scriptedStep = at();
    const unproven = await c.sendFinalMark(scripted, ownSignals(3));
    expect(unproven.body).toMatchObject({ status: 'refused', face_recognition_status: 'not_verified' });

    const rows = await c.rows();
    const stepsOf = (id: number) => (rows.get(id) as unknown as { steps: unknown }).steps;
    expect(stepsOf(tried.id)).toEqual({
      geofence: { outcome: 'inside', distance_m: null, at: lastStep },
      room_code: { outcome: 'accepted', at: lastStep },
      face: { outcome: 'refused', reason: 'challenge_not_followed', at: refusedAt, used: 2, of: 3 },
      mark: null,
    });
    expect(stepsOf(wrongCode.id)).toEqual({
      geofence: { outcome: 'outside', distance_m: 500, at: wrongAt },
      room_code: { outcome: 'wrong', at: wrongAt },
      face: null,
      mark: null,
    });
    expect(stepsOf(idle.id)).toEqual({ geofence: null, room_code: null, face: null, mark: null });
    expect(stepsOf(scripted.id)).toEqual({
      geofence: { outcome: 'inside', distance_m: null, at: scriptedStep },
      room_code: { outcome: 'accepted', at: scriptedStep },
      face: null,
      mark: { outcome: 'refused', reason: 'no_face_proof', at: scriptedStep },
    });

    // The tRPC door gives the same steps.
    const viaTrpc = await trpcClient(srv.url, c.teacher.token).teacher.studentsForSession.query({ page: 1, limit: 100, search: '' });
    const trpcRow = viaTrpc.allStudents.find((r) => r.student_id === tried.id);
    expect(trpcRow?.steps).toEqual(stepsOf(tried.id));

    // A teacher of another department is not given these students' steps.
    const other = await signInTestUser(srv, { role: 'teacher', department: 'MBA' });
    const theirs = await getJson(`${srv.url}/api/get_students_for_session?page=1&limit=100&search=`, other.token);
    expect(theirs.status).toBe(200);
    expect((theirs.body.allStudents as { student_id: number }[]).map((r) => r.student_id)).not.toContain(tried.id);
  });
});
