import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { compareFaceVideo, enrolledStudent, logIn } from '@harness/enrolled-student';
import { hasFixtures, NO_FIXTURES_MESSAGE, readFixture } from '@harness/face-fixtures';
import { pointNorthOf } from '@tests/helpers/geo';
import { openFaceStream } from '@harness/live-stream';
import { GOOD_FIELDS, getJson, postJson } from '@harness/api-client';
import { manualClock } from '@tests/helpers/manual-clock';
import { insertProof } from '@tests/helpers/proofs';
import { countRows, createTestUser, signInTestUser, startTestServer, type TestServer, tokenIdOf } from '@tests/helpers/test-server';

const CENTRE = { latitude: 23.0225, longitude: 72.5714 };
const inside = { ...pointNorthOf(CENTRE.latitude, CENTRE.longitude, 20), accuracy: 12 };
const HOME = '203.0.113.7';
const SCHOOL = '198.51.100.20';

/**
 * Issue 35, the steps of one mark and where they come from (both engines): the face check keeps its address, and a
 * mark sent from another network than its face check (a login pasted into a chat and used from school) is flagged
 * 'steps from different networks'; with campus networks set, a face check from outside is refused before a byte of
 * video is read, on every door.
 */
describe.skipIf(!hasFixtures)('where the steps of a mark come from', () => {
  if (!hasFixtures) console.warn(NO_FIXTURES_MESSAGE);
  let srv: TestServer;
  let teacher: { id: number; token: string };
  let student: { id: number; email: string; token: string };
  const clip = hasFixtures ? readFixture('clips', 'aoc_3blinks_3s.webm') : Buffer.alloc(0);
  beforeAll(async () => {
    srv = await startTestServer({ env: { TRUST_PROXY: 'loopback' } });
    const t = await createTestUser(srv.db, { role: 'teacher', department: 'BCA' });
    teacher = { id: t.id, token: await logIn(srv, t.email, t.password) };
    student = await enrolledStudent(srv, teacher.token, 'aoc', 'steps.owner@school.test');
  }, 120_000);
  afterAll(() => srv.close());

  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const recordsOf = async () => (await srv.db.selectFrom('attendance_records').select('id').where('student_id', '=', student.id).execute()).length;
  const session = async () =>
    expect(
      (await postJson(`${srv.url}/api/start_geofence`, { teacher_id: teacher.id, ...CENTRE, radius: 50, department: 'BCA', room_code: false }, teacher.token))
        .status,
    ).toBe(201);
  const endClass = () => fetch(`${srv.url}/api/stop_geofence`, { method: 'PATCH', headers: { authorization: `Bearer ${teacher.token}` } });
  const mark = (token: string, ip: string, face_verified: boolean, cookie?: string) =>
    fetch(`${srv.url}/api/mark_attendance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...from(ip), ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ ...inside, face_verified }),
    }).then(async (r) => ({ status: r.status, body: await r.json() }));
  /** The student's flags as the teacher's Students tab shows them. */
  const flagsOfStudent = async () => {
    const res = await getJson(`${srv.url}/api/get_students_for_session?page=1&limit=100&search=`, teacher.token);
    const rows = res.body.allStudents as { student_id: number; flags: { code: string; text: string }[] }[];
    return rows.find((r) => r.student_id === student.id)?.flags ?? [];
  };

  it("flags a mark sent from another network than its face check (a relayed login): 'steps from different networks'", async () => {
    await session();
    // At home: the student's own live face, through their own login.
    expect((await compareFaceVideo(srv, student.token, clip, {}, from(HOME))).body.success).toBe(true);
    const proof = await srv.db.selectFrom('face_verifications').select('ip').where('user_id', '=', student.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(proof.ip).toBe(HOME);
    // At school: a classmate with the pasted token.
    expect((await mark(student.token, SCHOOL, false)).body.status).toBe('geofence_checked');
    const marked = await mark(student.token, SCHOOL, true);
    expect(marked.body).toMatchObject({ status: 'present' });
    const record = await srv.db.selectFrom('attendance_records').select(['mark_flags', 'ip']).where('student_id', '=', student.id).executeTakeFirstOrThrow();
    expect(record.ip).toBe(SCHOOL);
    expect(await flagsOfStudent()).toContainEqual({ code: 'different_networks', text: MSG.markFlags.differentNetworks });
    await endClass();
  }, 120_000);

  it("refuses the final mark from another device than the face check's (the login pasted into a chat), and keeps the proof for the student's own", async () => {
    await session();
    // The student's own browser: its login sets the server's device cookie (rc_device).
    const login = await fetch(`${srv.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: student.email, password: GOOD_FIELDS.password }),
    });
    const token = (await login.json()).token as string;
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    expect(cookie).toMatch(/^rc_device=/);
    expect((await compareFaceVideo(srv, token, clip, {}, { ...from(HOME), cookie })).body.success).toBe(true);
    const proof = await srv.db
      .selectFrom('face_verifications')
      .select(['device_id', 'used_at'])
      .where('token_id', '=', tokenIdOf(token))
      .executeTakeFirstOrThrow();
    expect(proof.device_id).toEqual(expect.any(String));

    // The classmate at school: the same token, without the student's cookie (a script), or with their own browser's.
    const before = await recordsOf();
    expect((await mark(token, SCHOOL, false)).body.status).toBe('geofence_checked');
    for (const other of [undefined, 'rc_device=v1.forged']) {
      const refused = await mark(token, SCHOOL, true, other);
      expect(refused).toMatchObject({ status: 409, body: { message: MSG.attendance.otherDevice, error_code: 'other_device' } });
    }
    expect(await recordsOf()).toBe(before);
    const outcomes = await srv.db.selectFrom('attendance_attempts').select('outcome').where('student_id', '=', student.id).execute();
    expect(outcomes.filter((o) => o.outcome === 'refused_other_device')).toHaveLength(2);
    // The student's own device, after its own geofence step, spends its own proof.
    expect((await mark(token, HOME, false, cookie)).body.status).toBe('geofence_checked');
    expect((await mark(token, HOME, true, cookie)).body.status).toBe('present');
    await endClass();

    // What the device binding does not stop: the student copies the cookie too (developer tools show it) and the
    // classmate sends it with the token. The mark goes through, flagged for the teacher.
    await session();
    expect((await compareFaceVideo(srv, token, clip, {}, { ...from(HOME), cookie })).body.success).toBe(true);
    expect((await mark(token, SCHOOL, false, cookie)).body.status).toBe('geofence_checked');
    expect((await mark(token, SCHOOL, true, cookie)).body.status).toBe('present');
    expect(await flagsOfStudent()).toContainEqual({ code: 'different_networks', text: MSG.markFlags.differentNetworks });
    await endClass();
  }, 120_000);

  it('raises no such flag when the face check and the mark come from one network', async () => {
    await session();
    expect((await compareFaceVideo(srv, student.token, clip, {}, from(SCHOOL))).body.success).toBe(true);
    expect((await mark(student.token, SCHOOL, false)).body.status).toBe('geofence_checked');
    expect((await mark(student.token, SCHOOL, true)).body.status).toBe('present');
    expect((await flagsOfStudent()).map((f) => f.code)).not.toContain('different_networks');
    await endClass();
  }, 120_000);
});

describe.skipIf(!hasFixtures)('with campus networks set, the face check too', () => {
  let srv: TestServer;
  let teacher: { id: number; token: string };
  let student: { id: number; email: string; token: string };
  const clip = hasFixtures ? readFixture('clips', 'aoc_3blinks_3s.webm') : Buffer.alloc(0);
  beforeAll(async () => {
    srv = await startTestServer({ env: { TRUST_PROXY: 'loopback', CAMPUS_NETWORKS: '10.20.0.0/16' } });
    const t = await createTestUser(srv.db, { role: 'teacher', department: 'BCA' });
    teacher = { id: t.id, token: await logIn(srv, t.email, t.password) };
    student = await enrolledStudent(srv, teacher.token, 'aoc', 'campus.steps@school.test');
    expect(
      (await postJson(`${srv.url}/api/start_geofence`, { teacher_id: teacher.id, ...CENTRE, radius: 50, department: 'BCA', room_code: false }, teacher.token))
        .status,
    ).toBe(201);
  }, 120_000);
  afterAll(() => srv.close());
  const verifications = () => countRows(srv.db.selectFrom('face_verifications').where('user_id', '=', student.id));

  it('refuses a face check from outside them on the upload door, stores nothing, and accepts one from inside', async () => {
    const before = await verifications();
    const refused = await compareFaceVideo(srv, student.token, clip, {}, { 'x-forwarded-for': HOME });
    expect(refused).toMatchObject({ status: 403, body: { message: MSG.attendance.offCampusNetwork, error_code: 'off_campus' } });
    expect(await verifications()).toBe(before);
    expect((await compareFaceVideo(srv, student.token, clip, {}, { 'x-forwarded-for': '10.20.3.4' })).body.success).toBe(true);
  }, 120_000);

  it('refuses the live check from outside them before a camera starts', async () => {
    const challengeOn = await startTestServer({ env: { TRUST_PROXY: 'loopback', CAMPUS_NETWORKS: '10.20.0.0/16', FACE_CHALLENGE: 'on' } });
    try {
      const t = await createTestUser(challengeOn.db, { role: 'teacher', department: 'BCA' });
      const tt = await logIn(challengeOn, t.email, t.password);
      const s = await enrolledStudent(challengeOn, tt, 'aoc', 'live.outside@school.test');
      await postJson(`${challengeOn.url}/api/start_geofence`, { teacher_id: t.id, ...CENTRE, radius: 50, department: 'BCA', room_code: false }, tt);
      const socket = await openFaceStream(challengeOn.url, { 'x-forwarded-for': HOME });
      socket.send({ type: 'start', token: s.token });
      expect(await socket.answer()).toMatchObject({ type: 'refused', status: 403, error_code: 'off_campus', message: MSG.attendance.offCampusNetwork });
    } finally {
      await challengeOn.close();
    }
  }, 120_000);
});

/**
 * Issue 35, the final mark's own geofence step (both engines, on the injected clock): the final mark follows a
 * geofence step of the same login that passed at most 60 s before, from the same device, with the very code that
 * step accepted. Each test's session starts on a room code window's first second, so `at(s)` is s seconds into it.
 */
describe('the final mark needs its own fresh geofence step', () => {
  const T0 = Date.parse('2026-03-02T04:00:00Z');
  const clock = manualClock(new Date(T0));
  const MOBILE = '192.0.2.44';
  let srv: TestServer;
  let teacher: { id: number; token: string };
  let sessionStart = 0;
  const at = (seconds: number) => clock.set(new Date(T0 + (sessionStart + seconds) * 1000));
  beforeAll(async () => {
    srv = await startTestServer({ clock, env: { TRUST_PROXY: 'loopback' } });
    teacher = await signInTestUser(srv, { role: 'teacher', department: 'BCA' });
  });
  afterAll(() => srv.close());

  interface Browser {
    token: string;
    /** The rc_device cookie the server set at this browser's login, as a Cookie header; none for a script. */
    cookie?: string;
  }
  /** A login from a browser: its token and the server's device cookie. */
  const browserLogin = async (email: string, password: string): Promise<Browser> => {
    const res = await fetch(`${srv.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
    expect(cookie).toMatch(/^rc_device=/);
    return { token: ((await res.json()) as { token: string }).token, cookie };
  };
  const stop = () => fetch(`${srv.url}/api/stop_geofence`, { method: 'PATCH', headers: { authorization: `Bearer ${teacher.token}` } });
  /** A new session asking for the room code, 10 minutes after the last one, and a new student logged in on their phone. */
  async function classWithStudent() {
    await stop();
    sessionStart += 600;
    at(0);
    const user = await createTestUser(srv.db, { role: 'student', department: 'BCA' });
    const phone = await browserLogin(user.email, user.password);
    const started = await postJson(
      `${srv.url}/api/start_geofence`,
      { teacher_id: teacher.id, ...CENTRE, radius: 50, department: 'BCA', room_code: true },
      teacher.token,
    );
    expect(started.status).toBe(201);
    return { ...user, phone };
  }
  type Student = Awaited<ReturnType<typeof classWithStudent>>;
  /** The code on the classroom screen now. */
  const screen = async () => (await getJson(`${srv.url}/api/room_code`, teacher.token)).body.code as string;
  const send = (from: Browser, ip: string, body: object) =>
    postJson(`${srv.url}/api/mark_attendance`, body, from.token, { 'x-forwarded-for': ip, ...(from.cookie ? { cookie: from.cookie } : {}) });
  const step = (from: Browser, ip: string, room_code: string) => send(from, ip, { ...inside, room_code });
  const final = (from: Browser, ip: string, room_code: string) => send(from, ip, { ...inside, room_code, face_verified: true });
  /** The student's face check on this browser, from this address, as the live check keeps it (its login, its device). */
  const faceCheck = (student: Student, from: Browser, ip: string) =>
    insertProof(srv.db, clock, { id: student.id, token: from.token }, { ip, deviceId: deviceOf(student, from) });
  const deviceOf = (student: Student, from: Browser) =>
    srv.deps.devices.deviceFor(student.email, from.cookie?.slice('rc_device='.length), clock.now()) ?? undefined;
  const recordOf = (student: Student) =>
    srv.db.selectFrom('attendance_records').select(['status', 'ip']).where('student_id', '=', student.id).executeTakeFirst();
  const refusalsOf = async (student: Student) => {
    await srv.deps.attempts.flush();
    const rows = await srv.db.selectFrom('attendance_attempts').select('outcome').where('student_id', '=', student.id).orderBy('id').execute();
    return rows.map((r) => r.outcome).filter((o) => o.startsWith('refused'));
  };
  const flagsOf = async (student: Student) => {
    const res = await getJson(`${srv.url}/api/get_students_for_session?page=1&limit=100&search=`, teacher.token);
    return (res.body.allStudents as { student_id: number; flags: { code: string; text: string }[] }[]).find((r) => r.student_id === student.id)?.flags;
  };
  const stepRequired = { status: 409, body: { message: MSG.attendance.stepRequired, error_code: 'geofence_step_required' } };
  const notCurrent = { status: 400, body: { error: MSG.roomCode.notCurrent, error_code: 'room_code_not_current' } };

  it("refuses a final mark with no geofence step: the login relayed to a classmate with a code read 54 s earlier (the issue's attack)", async () => {
    const student = await classWithStudent();
    at(1);
    const code = await screen();
    // At home: the student's own live face on their own phone.
    await faceCheck(student, student.phone, HOME);
    at(55);
    // At school: the classmate sends the final mark alone, with the pasted token (and with the copied cookie too).
    expect(await final({ token: student.phone.token }, SCHOOL, code)).toMatchObject(stepRequired);
    expect(await final(student.phone, SCHOOL, code)).toMatchObject(stepRequired);
    expect(await recordOf(student)).toBeUndefined();
    expect(await refusalsOf(student)).toEqual(['refused_no_step', 'refused_no_step']);
  });

  it('refuses a final mark 61 s after its step; a new step with the code on the screen then marks', async () => {
    const student = await classWithStudent();
    at(1);
    const code = await screen();
    expect((await step(student.phone, SCHOOL, code)).body.geofencing_status).toBe('valid');
    await faceCheck(student, student.phone, SCHOOL);
    at(62);
    expect(await final(student.phone, SCHOOL, code)).toMatchObject(stepRequired);
    expect(await recordOf(student)).toBeUndefined();
    // Back on the dashboard: the old code is past its grace; the one on the screen passes, and the mark follows it.
    expect(await step(student.phone, SCHOOL, code)).toMatchObject(notCurrent);
    const current = await screen();
    expect((await step(student.phone, SCHOOL, current)).body.geofencing_status).toBe('valid');
    await faceCheck(student, student.phone, SCHOOL);
    expect((await final(student.phone, SCHOOL, current)).body).toMatchObject({ status: 'present' });
    expect(await refusalsOf(student)).toEqual(['refused_no_step', 'refused_room_code']);
  });

  it('refuses a code too old at the geofence step (past its window and the 10 s grace), so no final mark follows', async () => {
    const student = await classWithStudent();
    at(1);
    const code = await screen();
    // The code's window ended at 15 s: the step takes it until 25 s.
    at(26);
    expect(await step(student.phone, SCHOOL, code)).toMatchObject(notCurrent);
    await faceCheck(student, student.phone, SCHOOL);
    expect(await final(student.phone, SCHOOL, code)).toMatchObject(stepRequired);
    expect(await recordOf(student)).toBeUndefined();
    expect(await refusalsOf(student)).toEqual(['refused_room_code', 'refused_no_step']);
  });

  it('refuses a final mark whose code is not the one its step accepted, before telling anything of the position', async () => {
    const student = await classWithStudent();
    at(1);
    const code = await screen();
    expect((await step(student.phone, SCHOOL, code)).body.geofencing_status).toBe('valid');
    await faceCheck(student, student.phone, SCHOOL);
    at(16);
    const next = await screen();
    expect(next).not.toBe(code);
    const refused = await final(student.phone, SCHOOL, next);
    expect(refused).toMatchObject(notCurrent);
    expect(refused.text).not.toMatch(/valid|distance|inside|outside/);
    expect(await recordOf(student)).toBeUndefined();
    // The refusal spent no proof: the step's own code marks.
    expect((await final(student.phone, SCHOOL, code)).body).toMatchObject({ status: 'present' });
    expect(await refusalsOf(student)).toEqual(['refused_room_code']);
  });

  it("refuses a final mark from another device than its step's (409 other_device), and keeps the proof for the student's own", async () => {
    const student = await classWithStudent();
    at(1);
    const code = await screen();
    // The classmate at school takes the step with the pasted token, no cookie; the student checks their face and
    // sends the final mark from their own phone.
    expect((await step({ token: student.phone.token }, SCHOOL, code)).body.geofencing_status).toBe('valid');
    await faceCheck(student, student.phone, HOME);
    const otherDevice = { status: 409, body: { message: MSG.attendance.otherDevice, error_code: 'other_device' } };
    expect(await final(student.phone, HOME, code)).toMatchObject(otherDevice);
    // The student's laptop, where they logged in too, is another device: a step from the phone does not carry its mark.
    const laptop = await browserLogin(student.email, student.password);
    expect(deviceOf(student, laptop)).not.toBe(deviceOf(student, student.phone));
    expect((await step(student.phone, HOME, code)).body.geofencing_status).toBe('valid');
    expect(await final({ token: student.phone.token, cookie: laptop.cookie }, HOME, code)).toMatchObject(otherDevice);
    expect(await recordOf(student)).toBeUndefined();
    expect(await refusalsOf(student)).toEqual(['refused_other_device', 'refused_other_device']);
    // Every step on the phone: marked.
    expect((await final(student.phone, HOME, code)).body).toMatchObject({ status: 'present' });
  });

  it("flags a mark whose geofence step came from another network than its face check and mark: 'steps from different networks'", async () => {
    const student = await classWithStudent();
    at(1);
    const code = await screen();
    // The step on mobile data, then the face check and the mark on the school's Wi-Fi: flagged, not refused.
    expect((await step(student.phone, MOBILE, code)).body.geofencing_status).toBe('valid');
    await faceCheck(student, student.phone, SCHOOL);
    expect((await final(student.phone, SCHOOL, code)).body).toMatchObject({ status: 'present' });
    expect(await recordOf(student)).toEqual({ status: 'present', ip: SCHOOL });
    expect(await flagsOf(student)).toEqual([{ code: 'different_networks', text: MSG.markFlags.differentNetworks }]);
  });

  it('tells a passing step whether its final mark would find a face proof (face_proof_ready), and the mark right after it spends that proof', async () => {
    const student = await classWithStudent();
    at(1);
    const code = await screen();
    const ready = async () => {
      const answer = await step(student.phone, SCHOOL, code);
      expect(answer.body).toMatchObject({ status: 'geofence_checked', geofencing_status: 'valid' });
      return answer.body.face_proof_ready;
    };
    expect(await ready()).toBe(false);
    // An outside step says nothing of proofs.
    expect(
      (await send(student.phone, SCHOOL, { ...pointNorthOf(CENTRE.latitude, CENTRE.longitude, 500), accuracy: 12, room_code: code })).body,
    ).not.toHaveProperty('face_proof_ready');
    // None of these is the phone's mark's to spend: the laptop login's check; a check of the phone's login made on the
    // laptop (the newest proof, so the mark would take it and refuse it: other_device); a spent one; one past
    // FACE_PROOF_TTL.
    const laptop = await browserLogin(student.email, student.password);
    await faceCheck(student, laptop, SCHOOL);
    expect(await ready()).toBe(false);
    const spend = (id: number) => srv.db.updateTable('face_verifications').set({ used_at: clock.now().toISOString() }).where('id', '=', id).execute();
    const onLaptop = await insertProof(srv.db, clock, { id: student.id, token: student.phone.token }, { ip: SCHOOL, deviceId: deviceOf(student, laptop) });
    expect(await ready()).toBe(false);
    await spend(onLaptop.id);
    await spend((await faceCheck(student, student.phone, SCHOOL)).id);
    expect(await ready()).toBe(false);
    const ttl = srv.deps.config.faceProofTtlSeconds;
    await insertProof(
      srv.db,
      clock,
      { id: student.id, token: student.phone.token },
      { agoSeconds: ttl + 1, ip: SCHOOL, deviceId: deviceOf(student, student.phone) },
    );
    expect(await ready()).toBe(false);
    // The phone's own check, accepted and unspent (a retry that passed after the step's minute was over).
    const proof = await faceCheck(student, student.phone, SCHOOL);
    expect(await ready()).toBe(true);
    expect((await final(student.phone, SCHOOL, code)).body).toMatchObject({ status: 'present', face_recognition_status: 'verified' });
    const record = await srv.db.selectFrom('attendance_records').select('face_verification_id').where('student_id', '=', student.id).executeTakeFirstOrThrow();
    expect(record.face_verification_id).toBe(proof.id);
  });

  it('marks present with no flag when every step comes from one phone and one network, the mark 60 s after its step', async () => {
    const student = await classWithStudent();
    at(1);
    const code = await screen();
    expect((await step(student.phone, SCHOOL, code)).body).toMatchObject({ status: 'geofence_checked', geofencing_status: 'valid' });
    const kept = await srv.db.selectFrom('passed_geofence_steps').select(['token_id', 'at', 'ip', 'device_id']).where('student_id', '=', student.id).execute();
    expect(kept).toEqual([
      { token_id: tokenIdOf(student.phone.token), at: clock.now().toISOString(), ip: SCHOOL, device_id: deviceOf(student, student.phone) },
    ]);
    at(40);
    await faceCheck(student, student.phone, SCHOOL);
    at(61);
    expect((await final(student.phone, SCHOOL, code)).body).toMatchObject({ status: 'present', face_recognition_status: 'verified' });
    expect(await flagsOf(student)).toEqual([]);
    expect(await refusalsOf(student)).toEqual([]);
  });
});
