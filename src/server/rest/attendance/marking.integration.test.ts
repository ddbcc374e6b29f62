import { insertProof } from '@tests/helpers/proofs';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { MSG } from '@shared/messages';
import { getJson, postJson, trpcClient } from '@harness/api-client';
import { createTestUser, signInTestUser, startTestServer, startTestServerForFile, type TestServer, tokenIdOf } from '@tests/helpers/test-server';
import { manualClock } from '@tests/helpers/manual-clock';
import { CENTRE } from '@tests/helpers/classroom';
import { pointNorthOf } from '@tests/helpers/geo';

const clock = manualClock(new Date('2026-03-02T04:00:00Z'));
const srv = await startTestServerForFile({ clock });

let deptIndex = 0;
const DEPTS = ['IMSCIT', 'IMCA', 'BCA', 'BSCIT', 'MBA'];

const signIn = (role: 'student' | 'teacher', department: string) => signInTestUser(srv, { role, department, createdAt: clock.now() });

/** A fresh department-wide session (each test takes the next department so sessions don't collide). */
async function classWithSession(radius = 50) {
  const department = DEPTS[deptIndex++ % DEPTS.length];
  const teacher = await signIn('teacher', department);
  const student = await signIn('student', department);
  const res = await postJson(`${srv.url}/api/start_geofence`, { teacher_id: teacher.id, ...CENTRE, radius, department }, teacher.token);
  expect(res.status).toBe(201);
  const stop = () => fetch(`${srv.url}/api/stop_geofence`, { method: 'PATCH', headers: { authorization: `Bearer ${teacher.token}` } });
  return { teacher, student, sessionId: res.body.session_id as number, stop };
}

const mark = (token: string, at: { latitude: number; longitude: number }, face_verified?: boolean, accuracy = 10) =>
  postJson(`${srv.url}/api/mark_attendance`, { accuracy, ...at, ...(face_verified === undefined ? {} : { face_verified }) }, token);

const addProof = (user: { id: number; token?: string }, opts?: Parameters<typeof insertProof>[3]) => insertProof(srv.db, clock, user, opts);

const recordsOf = (studentId: number) => srv.db.selectFrom('attendance_records').selectAll().where('student_id', '=', studentId).execute();

describe('POST /api/mark_attendance: the geofence step', () => {
  it('is valid at 30 m and exactly on the boundary, invalid just past it and at 300 m', async () => {
    const { student, stop } = await classWithSession(50);
    expect((await mark(student.token, pointNorthOf(CENTRE.latitude, CENTRE.longitude, 30))).body.geofencing_status).toBe('valid');
    expect((await mark(student.token, pointNorthOf(CENTRE.latitude, CENTRE.longitude, 49.9))).body.geofencing_status).toBe('valid');
    expect((await mark(student.token, pointNorthOf(CENTRE.latitude, CENTRE.longitude, 50.1))).body.geofencing_status).toBe('invalid');
    const far = await mark(student.token, pointNorthOf(CENTRE.latitude, CENTRE.longitude, 300));
    expect(far.body).toMatchObject({ geofencing_status: 'invalid' });
    expect(await recordsOf(student.id)).toHaveLength(0);
    await stop();
  });

  it('tells a student outside roughly how far (10 m steps, 100 m past 1 km) on both doors, and one inside nothing more; never the radius or the centre', async () => {
    const { student, stop } = await classWithSession(50);
    await addProof(student);
    const at = (m: number) => pointNorthOf(CENTRE.latitude, CENTRE.longitude, m);
    const answers = [
      await mark(student.token, at(20)),
      await mark(student.token, at(234)),
      await mark(student.token, at(1_234)),
      await mark(student.token, at(400), true),
    ];
    expect(answers.map((a) => [a.body.geofencing_status, a.body.distance_m])).toEqual([
      ['valid', undefined],
      ['invalid', 230],
      ['invalid', 1_200],
      ['invalid', 400],
    ]);
    expect(answers[3].body).toMatchObject({ status: 'refused', error: MSG.student.outside });
    // The same answers through tRPC, the browser's door.
    const trpc = trpcClient(srv.url, student.token);
    expect(await trpc.student.markAttendance.mutate({ ...at(234), accuracy: 10 })).toMatchObject({ geofencing_status: 'invalid', distance_m: 230 });
    expect(await trpc.student.markAttendance.mutate({ ...at(997), accuracy: 10, face_verified: true })).toMatchObject({
      status: 'refused',
      geofencing_status: 'invalid',
      error: MSG.student.outside,
      distance_m: 1_000,
    });
    const inside = await trpc.student.markAttendance.mutate({ ...at(20), accuracy: 10 });
    // nothing of the position; only whether this login's face proof (added above) is ready for the final mark
    expect(inside).toEqual({ status: 'geofence_checked', geofencing_status: 'valid', session_id: expect.any(Number), face_proof_ready: true });
    // The proof is spent by the inside final mark, which answers without a distance too.
    const marked = await mark(student.token, at(20), true);
    expect(marked.body).toMatchObject({ status: 'present', geofencing_status: 'valid' });
    expect(marked.body).not.toHaveProperty('distance_m');
    for (const a of [...answers, marked]) expect(a.text).not.toMatch(/radius|latitude|longitude/);
    expect(await recordsOf(student.id)).toHaveLength(1);
    await stop();
  });

  it('allows 15 checks per student per session, then refuses with 429; the teacher sees the student flagged', async () => {
    const { student, teacher, stop } = await classWithSession(50);
    for (let i = 0; i < 15; i++) {
      const res = await mark(student.token, pointNorthOf(CENTRE.latitude, CENTRE.longitude, 60 + i * 10));
      expect(res.status).toBe(200);
    }
    const refused = await mark(student.token, pointNorthOf(CENTRE.latitude, CENTRE.longitude, 10));
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(MSG.attendance.tooManyChecks);
    expect(refused.text).not.toMatch(/valid/);
    const list = await getJson(`${srv.url}/api/get_students_for_session`, teacher.token);
    const row = list.body.allStudents.find((s: { student_id: number }) => s.student_id === student.id);
    expect(row).toMatchObject({ flagged: true, outside_checks: 15 });
    await stop();
  });

  it('a student with a few outside answers (a weak signal) is not flagged', async () => {
    const { student, teacher, stop } = await classWithSession(50);
    await mark(student.token, pointNorthOf(CENTRE.latitude, CENTRE.longitude, 80));
    await mark(student.token, pointNorthOf(CENTRE.latitude, CENTRE.longitude, 20));
    const list = await getJson(`${srv.url}/api/get_students_for_session`, teacher.token);
    expect(list.body.allStudents.find((s: { student_id: number }) => s.student_id === student.id)).toMatchObject({ flagged: false, outside_checks: 1 });
    await stop();
  });

  it('needs the accuracy with every position and refuses one worse than the larger of the radius and 100 m', async () => {
    const { student, stop } = await classWithSession(50);
    const at = pointNorthOf(CENTRE.latitude, CENTRE.longitude, 20);
    const missing = await postJson(`${srv.url}/api/mark_attendance`, at, student.token);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe(MSG.attendance.accuracyRequired);
    const vague = await mark(student.token, at, undefined, 150.4);
    expect(vague.status).toBe(400);
    expect(vague.body.error).toBe('Your location is too imprecise (±150 m). Move near a window or turn on precise location.');
    expect((await mark(student.token, at, undefined, 100)).body.geofencing_status).toBe('valid');
    await stop();
    const wide = await classWithSession(300);
    expect((await mark(wide.student.token, at, undefined, 250)).body.geofencing_status).toBe('valid');
    expect((await mark(wide.student.token, at, undefined, 301)).status).toBe(400);
    await wide.stop();
  });

  it.each([null, [], '', false, '23.02', { n: 1 }])('refuses latitude %j as a wrong type with 400, never as 0', async (latitude) => {
    const { student, stop } = await classWithSession(50);
    const res = await postJson(`${srv.url}/api/mark_attendance`, { latitude, longitude: 0, accuracy: 10 }, student.token);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(MSG.attendance.badCoordinates);
    const acc = await postJson(`${srv.url}/api/mark_attendance`, { ...CENTRE, accuracy: latitude }, student.token);
    expect(acc.status).toBe(400);
    await stop();
  });

  it('says clearly when no session is active, and refuses teachers and bad coordinates', async () => {
    const s = await signIn('student', 'MBA');
    const res = await mark(s.token, CENTRE);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(MSG.attendance.noActiveSession);
    const t = await signIn('teacher', 'MBA');
    expect((await mark(t.token, CENTRE)).status).toBe(403);
    expect((await mark(s.token, { latitude: 123, longitude: 0 })).status).toBe(400);
  });
});

/** This student's check counter in the session (undefined before the first counted check). */
const checksOf = (sessionId: number, studentId: number) =>
  srv.db.selectFrom('geofence_checks').select(['checks', 'outside']).where('session_id', '=', sessionId).where('student_id', '=', studentId).executeTakeFirst();

// The geofence step runs the same code on both engines (services/attendance/attendance-marking.ts); this pins its answers and
// counts, in their order, on each.
describe('POST /api/mark_attendance: the geofence step refuses and counts in the same order on every engine', () => {
  const inside = pointNorthOf(CENTRE.latitude, CENTRE.longitude, 30);
  const outside = pointNorthOf(CENTRE.latitude, CENTRE.longitude, 300);

  it('refuses a token signed before the student logged out, before the body and without counting', async () => {
    const { student, sessionId, stop } = await classWithSession();
    expect((await mark(student.token, inside)).status).toBe(200);
    expect((await postJson(`${srv.url}/api/logout`, {}, student.token)).status).toBe(200);
    const revoked = await mark(student.token, inside);
    expect(revoked.status).toBe(401);
    expect(revoked.body.error).toBe(MSG.auth.unauthorized);
    // The user's row is checked before a bad body is told: 401, not 400 or 413.
    expect((await postJson(`${srv.url}/api/mark_attendance`, { latitude: 'x' }, student.token)).status).toBe(401);
    const broken = await fetch(`${srv.url}/api/mark_attendance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${student.token}` },
      body: '{"latitude": ',
    });
    expect(broken.status).toBe(401);
    expect((await postJson(`${srv.url}/api/mark_attendance`, { ...inside, accuracy: 10, pad: 'x'.repeat(20_000) }, student.token)).status).toBe(401);
    expect(await checksOf(sessionId, student.id)).toEqual({ checks: 1, outside: 0 });
    await stop();
  });

  it('refuses a token whose version is older than the row (password change), and a deactivated or deleted student', async () => {
    const { student, sessionId, stop } = await classWithSession();
    await srv.db.updateTable('users').set({ token_version: 7 }).where('id', '=', student.id).execute();
    expect(await mark(student.token, inside)).toMatchObject({ status: 401, body: { error: MSG.auth.unauthorized } });
    await srv.db.updateTable('users').set({ token_version: 0, status: 'inactive' }).where('id', '=', student.id).execute();
    expect(await mark(student.token, inside)).toMatchObject({ status: 401, body: { error: MSG.auth.unauthorized } });
    expect(await checksOf(sessionId, student.id)).toBeUndefined();
    // The same token works again once the row allows it: the refusals above were the row's, not the token's.
    await srv.db.updateTable('users').set({ status: 'active' }).where('id', '=', student.id).execute();
    expect((await mark(student.token, inside)).body.geofencing_status).toBe('valid');
    await srv.deps.attempts.flush();
    await srv.db.deleteFrom('attendance_attempts').where('student_id', '=', student.id).execute();
    await srv.db.deleteFrom('geofence_checks').where('student_id', '=', student.id).execute();
    await srv.db.deleteFrom('users').where('id', '=', student.id).execute();
    expect((await mark(student.token, inside)).status).toBe(401);
    await stop();
  });

  it('a teacher gets 403 and a student without a department 400, neither counted', async () => {
    const { teacher, sessionId, stop } = await classWithSession();
    expect(await mark(teacher.token, inside)).toMatchObject({ status: 403, body: { error: MSG.auth.forbidden } });
    const loner = await signInTestUser(srv, { role: 'student' });
    expect(await mark(loner.token, inside)).toMatchObject({ status: 400, body: { error: MSG.attendance.noDepartment } });
    expect(await srv.db.selectFrom('geofence_checks').select('student_id').where('session_id', '=', sessionId).execute()).toEqual([]);
    await stop();
  });

  it('does not count a position refused as imprecise, nor a check after the record exists', async () => {
    const { student, sessionId, stop } = await classWithSession(50);
    const vague = await mark(student.token, inside, undefined, 101);
    expect(vague).toMatchObject({ status: 400, body: { error: MSG.attendance.tooImprecise(101) } });
    expect(await checksOf(sessionId, student.id)).toBeUndefined();
    expect((await mark(student.token, outside)).body.geofencing_status).toBe('invalid');
    await srv.db
      .insertInto('attendance_records')
      .values({ session_id: sessionId, student_id: student.id, status: 'present', marked_at: clock.now().toISOString(), updated_at: clock.now().toISOString() })
      .execute();
    const again = await mark(student.token, inside);
    expect(again.body).toEqual({ status: 'already_marked', timestamp: clock.now().toISOString() });
    expect(await checksOf(sessionId, student.id)).toEqual({ checks: 1, outside: 1 });
    await stop();
  });

  it('counts inside and outside checks, logs each with its distance, and refuses the 16th with 429 (counted, not logged)', async () => {
    const { student, sessionId, stop } = await classWithSession(50);
    const answers = [];
    for (let i = 0; i < 15; i++) answers.push((await mark(student.token, i % 3 === 0 ? outside : inside)).body);
    expect(answers.filter((a) => a.geofencing_status === 'invalid')).toHaveLength(5);
    expect(answers.every((a) => a.status === 'geofence_checked' && a.session_id === sessionId && !('distance' in a))).toBe(true);
    // The answer's distance is the rounded one, and only outside; the log keeps the exact one.
    expect(answers.map((a) => a.distance_m)).toEqual(answers.map((a) => (a.geofencing_status === 'invalid' ? 300 : undefined)));
    const refused = await mark(student.token, inside);
    expect(refused).toMatchObject({ status: 429, body: { error: MSG.attendance.tooManyChecks, retry_after: 600 } });
    expect(refused.headers.get('retry-after')).toBe('600');
    expect(await checksOf(sessionId, student.id)).toEqual({ checks: 16, outside: 5 });
    await srv.deps.attempts.flush();
    const logged = await srv.db
      .selectFrom('attendance_attempts')
      .select(['outcome', 'distance_m', 'session_id'])
      .where('student_id', '=', student.id)
      .execute();
    expect(logged).toHaveLength(15);
    expect(logged.filter((a) => a.outcome === 'geofence_invalid').map((a) => Math.round(a.distance_m!))).toEqual([300, 300, 300, 300, 300]);
    expect(logged.filter((a) => a.outcome === 'geofence_valid').map((a) => Math.round(a.distance_m!))).toEqual(Array(10).fill(30));
    expect(logged.every((a) => a.session_id === sessionId)).toBe(true);
    await stop();
  });
});

describe('POST /api/mark_attendance with face_verified: the proof rules', () => {
  const inside = pointNorthOf(CENTRE.latitude, CENTRE.longitude, 30);
  /** The geofence step a final mark follows, as the dashboard takes it. */
  const step = async (token: string) => expect((await mark(token, inside)).body.geofencing_status).toBe('valid');

  it('refuses without any face verification: the flag proves nothing, and the attempt is logged', async () => {
    const { student, stop } = await classWithSession();
    await step(student.token);
    const res = await mark(student.token, inside, true);
    expect(res.body).toMatchObject({ geofencing_status: 'valid', face_recognition_status: 'not_verified', error: MSG.attendance.faceNotVerified });
    expect(await recordsOf(student.id)).toHaveLength(0);
    const attempts = await srv.db.selectFrom('attendance_attempts').select('outcome').where('student_id', '=', student.id).execute();
    expect(attempts.map((a) => a.outcome)).toContain('refused_no_face_proof');
    await stop();
  });

  it("refuses a rejected verification, an expired one, and someone else's", async () => {
    const { student, teacher, stop } = await classWithSession();
    await addProof(student, { verdict: 'rejected' });
    await addProof(student, { agoSeconds: 121 });
    const other = await createTestUser(srv.db, { role: 'student', department: 'BCA' });
    await addProof(other);
    await addProof(teacher);
    await step(student.token);
    expect((await mark(student.token, inside, true)).body.face_recognition_status).toBe('not_verified');
    expect(await recordsOf(student.id)).toHaveLength(0);
    await stop();
  });

  it('records present once with a fresh proof, then says already_marked; the proof cannot be reused', async () => {
    const { student, teacher, sessionId, stop } = await classWithSession();
    const proof = await addProof(student, { agoSeconds: 119 });
    await step(student.token);
    const res = await mark(student.token, inside, true);
    expect(res.body).toMatchObject({ status: 'present', geofencing_status: 'valid', face_recognition_status: 'verified' });
    const [record] = await recordsOf(student.id);
    expect(record).toMatchObject({
      session_id: sessionId,
      status: 'present',
      face_verification_id: proof.id,
      geofencing_status: 'valid',
      radius_m: 50,
      manual_override: 0,
    });
    expect(record.latitude).toBeCloseTo(inside.latitude, 9);
    const again = await mark(student.token, inside, true);
    expect(again.body).toEqual({ status: 'already_marked', timestamp: record.marked_at });
    const used = await srv.db.selectFrom('face_verifications').select('used_at').where('id', '=', proof.id).executeTakeFirstOrThrow();
    expect(used.used_at).not.toBeNull();
    await stop();
    // A later session needs a new proof: the used one does not count again.
    const dept = (await srv.db.selectFrom('users').select('department_id').where('id', '=', student.id).executeTakeFirstOrThrow()).department_id;
    const next = await postJson(`${srv.url}/api/start_geofence`, { teacher_id: teacher.id, ...CENTRE, radius: 50, department: dept }, teacher.token);
    expect(next.status).toBe(201);
    await step(student.token);
    expect((await mark(student.token, inside, true)).body.face_recognition_status).toBe('not_verified');
    await fetch(`${srv.url}/api/stop_geofence`, { method: 'PATCH', headers: { authorization: `Bearer ${teacher.token}` } });
  });

  it('refuses a proof when the student has walked outside since the geofence step', async () => {
    const { student, stop } = await classWithSession();
    await addProof(student);
    await step(student.token);
    const res = await mark(student.token, pointNorthOf(CENTRE.latitude, CENTRE.longitude, 300), true);
    expect(res.body).toMatchObject({ geofencing_status: 'invalid', error: MSG.student.outside });
    expect(await recordsOf(student.id)).toHaveLength(0);
    await stop();
  });

  it('two requests at once produce exactly one record', async () => {
    const { student, stop } = await classWithSession();
    await addProof(student);
    await addProof(student, { agoSeconds: 10 });
    await step(student.token);
    const results = await Promise.all(Array.from({ length: 6 }, () => mark(student.token, inside, true)));
    expect(results.filter((r) => r.body.status === 'present')).toHaveLength(1);
    expect(await recordsOf(student.id)).toHaveLength(1);
    await stop();
  });
});

describe('student dashboard calls', () => {
  it("pages the student's own records with the rate, marker names and manual flags", async () => {
    // a day on: the rate is the semester's since the student joined, and the department's earlier sessions were before
    const base = clock.now();
    clock.set(new Date(base.getTime() + 24 * 3600_000));
    onTestFinished(() => clock.set(base));
    const { student, teacher, sessionId, stop } = await classWithSession();
    await fetch(`${srv.url}/api/mark_attendance_manual`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${teacher.token}` },
      body: JSON.stringify({ student_id: student.id, session_id: sessionId, status: 'present' }),
    });
    await stop();
    const res = await getJson(`${srv.url}/api/get_attendance?page=1&limit=10`, student.token);
    expect(res.body).toMatchObject({ attendance_rate: 100, total_pages: 1 });
    expect(res.body.attendance_records[0]).toMatchObject({ status: 'present', manual_flag: true, marked_by: teacher.username });
    const other = await signIn('student', 'BCA');
    expect((await getJson(`${srv.url}/api/get_attendance`, other.token)).body.attendance_records).toEqual([]);
  });

  it('the profile lists no password and no public image URL', async () => {
    const s = await signIn('student', 'IMCA');
    const res = await getJson(`${srv.url}/api/get_student_profile`, s.token);
    expect(res.body).toMatchObject({
      username: s.username,
      email: s.email,
      role: 'student',
      department: 'IMCA',
      face_enrollment: { enrollment_status: 'not_enrolled', image_urls: [] },
    });
    expect(res.text).not.toMatch(/password|argon2/);
    expect((await getJson(`${srv.url}/api/face-images/1`)).status).toBe(404);
    expect((await getJson(`${srv.url}/api/face-images/1?exp=9999999999&sig=forged`)).status).toBe(404);
  });
});

describe('CAMPUS_NETWORKS', () => {
  let campus: TestServer;
  beforeAll(async () => {
    campus = await startTestServer({ clock, env: { CAMPUS_NETWORKS: '10.20.0.0/16', TRUST_PROXY: 'loopback' } });
  });
  afterAll(() => campus.close());

  const markFrom = (token: string, ip: string, face_verified?: boolean) =>
    fetch(`${campus.url}/api/mark_attendance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-forwarded-for': ip },
      body: JSON.stringify({ ...CENTRE, accuracy: 10, ...(face_verified ? { face_verified } : {}) }),
    }).then(async (r) => ({ status: r.status, body: await r.json() }));

  it('when set, the geofence step and the final mark must each come from the campus network (issue 35)', async () => {
    const teacher = await signInTestUser(campus, { role: 'teacher', department: 'BCA' });
    const student = await signInTestUser(campus, { role: 'student', department: 'BCA' });
    expect(
      (await postJson(`${campus.url}/api/start_geofence`, { teacher_id: teacher.id, ...CENTRE, radius: 50, department: 'BCA' }, teacher.token)).status,
    ).toBe(201);
    await campus.db
      .insertInto('face_verifications')
      .values({
        user_id: student.id,
        token_id: tokenIdOf(student.token),
        created_at: clock.now().toISOString(),
        blink_count: 2,
        similarity: 0.3,
        verdict: 'accepted',
        reason: 'accepted',
      })
      .execute();
    const offCampus = { status: 403, body: { error: MSG.attendance.offCampusNetwork, error_code: 'off_campus' } };
    // The step from home: refused, and nothing of the position told.
    const homeStep = await markFrom(student.token, '198.51.100.9');
    expect(homeStep).toMatchObject(offCampus);
    expect(homeStep.body).not.toHaveProperty('geofencing_status');
    // A step at school, then the final mark from home: refused too.
    expect((await markFrom(student.token, '10.20.7.8')).body.geofencing_status).toBe('valid');
    expect(await markFrom(student.token, '198.51.100.9', true)).toMatchObject(offCampus);
    expect(await campus.db.selectFrom('attendance_records').select('id').where('student_id', '=', student.id).execute()).toHaveLength(0);
    const school = await markFrom(student.token, '10.20.7.8', true);
    expect(school.body).toMatchObject({ status: 'present' });
  });
});
