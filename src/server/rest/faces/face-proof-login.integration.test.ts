import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { compareFaceVideo, enrolledStudent, logIn } from '@harness/enrolled-student';
import { hasFixtures, NO_FIXTURES_MESSAGE, readFixture } from '@harness/face-fixtures';
import { pointNorthOf } from '@tests/helpers/geo';
import { postJson, trpcClient } from '@harness/api-client';
import { createTestUser, signTestToken, startTestServer, type TestServer } from '@tests/helpers/test-server';

const CENTRE = { latitude: 23.0225, longitude: 72.5714 };
const inside = { ...pointNorthOf(CENTRE.latitude, CENTRE.longitude, 20), accuracy: 12 };

/** Issue 18, section 3: a successful face check is spent only by the login (token) that uploaded the clip. */
describe.skipIf(!hasFixtures)('a face proof is spent only by the login that earned it', () => {
  if (!hasFixtures) console.warn(NO_FIXTURES_MESSAGE);
  let srv: TestServer;
  let teacher: { id: number; token: string };
  let student: { id: number; email: string; token: string };
  const clip = hasFixtures ? readFixture('clips', 'aoc_3blinks_3s.webm') : Buffer.alloc(0);
  beforeAll(async () => {
    srv = await startTestServer();
    const t = await createTestUser(srv.db, { role: 'teacher', department: 'BCA' });
    teacher = { id: t.id, token: await logIn(srv, t.email, t.password) };
    student = await enrolledStudent(srv, teacher.token, 'aoc', 'proof.owner@school.test');
  });
  afterAll(() => srv.close());

  const startClass = async () =>
    expect((await postJson(`${srv.url}/api/start_geofence`, { teacher_id: teacher.id, ...CENTRE, radius: 50, department: 'BCA' }, teacher.token)).status).toBe(
      201,
    );
  const endClass = () => fetch(`${srv.url}/api/stop_geofence`, { method: 'PATCH', headers: { authorization: `Bearer ${teacher.token}` } });
  /** The geofence step of this login, which every final mark follows. */
  const step = async (token: string) => expect((await postJson(`${srv.url}/api/mark_attendance`, inside, token)).body.geofencing_status).toBe('valid');
  /** The geofence step, then the final mark, through REST or tRPC. */
  const markRest = async (token: string) => {
    await step(token);
    return postJson(`${srv.url}/api/mark_attendance`, { ...inside, face_verified: true }, token);
  };
  const markTrpc = async (token: string) => {
    await step(token);
    return trpcClient(srv.url, token).student.markAttendance.mutate({ ...inside, face_verified: true });
  };
  const records = () => srv.db.selectFrom('attendance_records').select(['status', 'face_verification_id']).where('student_id', '=', student.id).execute();

  it('a check on one login is refused on a second login of the same account (REST and tRPC), then marks on its own', async () => {
    const phone = student.token;
    const laptop = await logIn(srv, student.email);
    await startClass();
    const checked = await compareFaceVideo(srv, phone, clip);
    expect(checked.body.success).toBe(true);

    const refused = { status: 'refused', face_recognition_status: 'not_verified', error: MSG.faceCheck.proofOtherLogin };
    expect((await markRest(laptop)).body).toMatchObject(refused);
    expect(await markTrpc(laptop)).toMatchObject(refused);
    expect(await records()).toEqual([]);
    const attempts = await srv.db.selectFrom('attendance_attempts').select('outcome').where('student_id', '=', student.id).execute();
    expect(attempts.map((a) => a.outcome)).toContain('refused_proof_of_other_login');

    // the proof is still whole for the login that earned it
    expect((await markRest(phone)).body).toMatchObject({ status: 'present', face_recognition_status: 'verified' });
    expect(await records()).toMatchObject([{ status: 'present' }]);
    await endClass();
  });

  it('a login without any fresh proof is told its face is not verified, as before', async () => {
    await startClass();
    const fresh = await logIn(srv, student.email);
    expect((await markRest(fresh)).body).toMatchObject({ status: 'refused', face_recognition_status: 'not_verified', error: MSG.attendance.faceNotVerified });
    await endClass();
  });

  it('a token signed before logins had an id earns a proof for itself only (over tRPC), not for a newer login', async () => {
    await srv.db.deleteFrom('attendance_records').where('student_id', '=', student.id).execute();
    await startClass();
    // as the server signed them before: no jti
    const old = await signTestToken({ user_id: student.id, role: 'student', username: 'proof.owner', tv: 0 });
    const form = new FormData();
    form.append('video', new Blob([new Uint8Array(clip)], { type: 'video/webm' }), 'clip.webm');
    const checked = await trpcClient(srv.url, old).student.compareFaceVideo.mutate(form);
    expect(checked.success).toBe(true);
    const olderStill = await signTestToken(
      { user_id: student.id, role: 'student', username: 'proof.owner', tv: 0 },
      { exp: Math.floor(Date.now() / 1000) + 1800 },
    );
    expect(await markTrpc(olderStill)).toMatchObject({ status: 'refused', error: MSG.faceCheck.proofOtherLogin });
    expect((await markRest(student.token)).body).toMatchObject({ status: 'refused', error: MSG.faceCheck.proofOtherLogin });
    expect(await markTrpc(old)).toMatchObject({ status: 'present', face_recognition_status: 'verified' });
    await endClass();
  });
});
