import { insertProof } from '@tests/helpers/proofs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOM_CODE_ALPHABET } from '@shared/constants';
import { MSG } from '@shared/messages';
import { getJson, postJson, trpcClient } from '@harness/api-client';
import { signInTestUser, startTestServer, type TestServer } from '@tests/helpers/test-server';
import { manualClock } from '@tests/helpers/manual-clock';
import { pointNorthOf } from '@tests/helpers/geo';

/**
 * Issue 19's room code through real HTTP, on the injected clock: the code the teacher's screen shows (GET
 * /api/room_code) is what a student types. 04:00:00 starts a 15-second window, so `at(s)` is s seconds into one.
 */
const T0 = new Date('2026-03-02T04:00:00Z').getTime();
const clock = manualClock(new Date(T0));
const at = (seconds: number) => clock.set(new Date(T0 + seconds * 1000));
let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ clock, env: { TRUST_PROXY: 'loopback' } });
});
afterAll(() => srv.close());

const CENTRE = { latitude: 23.0225, longitude: 72.5714 };
const INSIDE = { ...pointNorthOf(CENTRE.latitude, CENTRE.longitude, 20), accuracy: 10 };
const DEPTS = ['IMSCIT', 'IMCA', 'BCA', 'BSCIT', 'MBA'];
let deptIndex = 0;
/** Each test's sessions start later than the last one's, on a window's first second. */
let testStart = 0;

async function classWithSession(opts: { roomCode?: boolean } = { roomCode: true }) {
  testStart += 600;
  at(testStart);
  const department = DEPTS[deptIndex++ % DEPTS.length];
  const teacher = await signInTestUser(srv, { role: 'teacher', department });
  const student = await signInTestUser(srv, { role: 'student', department });
  const body = { teacher_id: teacher.id, ...CENTRE, radius: 50, department, ...(opts.roomCode === undefined ? {} : { room_code: opts.roomCode }) };
  const started = await postJson(`${srv.url}/api/start_geofence`, body, teacher.token);
  expect(started.status).toBe(201);
  const stop = () => fetch(`${srv.url}/api/stop_geofence`, { method: 'PATCH', headers: { authorization: `Bearer ${teacher.token}` } });
  /** The code on the classroom screen now. */
  const screen = async () => {
    const res = await getJson(`${srv.url}/api/room_code`, teacher.token);
    expect(res.status).toBe(200);
    return res.body.code as string;
  };
  return { teacher, student, sessionId: started.body.session_id as number, stop, screen, department };
}

const mark = (token: string, extra: { room_code?: string; face_verified?: boolean } = {}) =>
  postJson(`${srv.url}/api/mark_attendance`, { ...INSIDE, ...extra }, token);

/** A code the screen never showed (one symbol changed). */
const wrongCode = (code: string) => (code[0] === 'A' ? 'B' : 'A') + code.slice(1);

const addProof = (user: { id: number; token?: string }, opts?: Parameters<typeof insertProof>[3]) => insertProof(srv.db, clock, user, opts);

const checksOf = async (sessionId: number, studentId: number) =>
  (await srv.db.selectFrom('geofence_checks').select('checks').where('session_id', '=', sessionId).where('student_id', '=', studentId).executeTakeFirst())
    ?.checks ?? 0;
const outcomesOf = async (studentId: number) =>
  (await srv.db.selectFrom('attendance_attempts').select('outcome').where('student_id', '=', studentId).orderBy('id').execute()).map((r) => r.outcome);
const recordOf = (sessionId: number, studentId: number) =>
  srv.db.selectFrom('attendance_records').select('status').where('session_id', '=', sessionId).where('student_id', '=', studentId).executeTakeFirst();

const expectNotCurrent = (res: { status: number; body: unknown; text: string }) => {
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ error: MSG.roomCode.notCurrent, error_code: 'room_code_not_current' });
  // Nothing about the position is told with the refusal.
  expect(res.text).not.toMatch(/valid|distance|radius|inside|outside/);
};

describe('the room code at the geofence step', () => {
  it('accepts the code on the screen, typed in lower case with spaces', async () => {
    const { student, screen, stop } = await classWithSession();
    at(testStart + 3);
    const code = await screen();
    expect(code).toMatch(new RegExp(`^[${ROOM_CODE_ALPHABET}]{6}$`));
    const typed = `${code.slice(0, 3).toLowerCase()} ${code.slice(3)}`;
    expect((await mark(student.token, { room_code: typed })).body).toMatchObject({ status: 'geofence_checked', geofencing_status: 'valid' });
    await stop();
  });

  it('accepts the previous code for 10 s after it changed, and refuses it after', async () => {
    const { student, screen, stop } = await classWithSession();
    at(testStart + 12);
    const previous = await screen();
    at(testStart + 15);
    expect(await screen()).not.toBe(previous);
    at(testStart + 15 + 9);
    expect((await mark(student.token, { room_code: previous })).body).toMatchObject({ status: 'geofence_checked', geofencing_status: 'valid' });
    at(testStart + 15 + 10);
    expect((await mark(student.token, { room_code: previous })).status).toBe(200);
    at(testStart + 15 + 11);
    expectNotCurrent(await mark(student.token, { room_code: previous }));
    await stop();
  });

  it('refuses the code of two windows ago', async () => {
    const { student, screen, stop } = await classWithSession();
    at(testStart + 14);
    const old = await screen();
    at(testStart + 30 + 1);
    expectNotCurrent(await mark(student.token, { room_code: old }));
    expect(await outcomesOf(student.id)).toEqual(['refused_room_code']);
    await stop();
  });

  it('refuses a mark without a code with its own reason, before counting it', async () => {
    const { student, sessionId, stop } = await classWithSession();
    for (const body of [{}, { room_code: '   ' }]) {
      const res = await mark(student.token, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: MSG.roomCode.required, error_code: 'room_code_required' });
    }
    expect(await checksOf(sessionId, student.id)).toBe(0);
    await stop();
  });

  it('counts each wrong code toward the 15 checks of the session: the 16th try is 429, even with the right code', async () => {
    const { student, sessionId, screen, stop } = await classWithSession();
    for (let i = 0; i < 15; i++) {
      at(testStart + i * 15 + 2);
      expectNotCurrent(await mark(student.token, { room_code: wrongCode(await screen()) }));
    }
    expect(await checksOf(sessionId, student.id)).toBe(15);
    const right = await mark(student.token, { room_code: await screen() });
    expect(right.status).toBe(429);
    expect(right.body.error).toBe(MSG.attendance.tooManyChecks);
    await stop();
  });
});

describe('the room code at the final mark', () => {
  it("takes the code its geofence step accepted, up to 60 s after that step; refuses another (even the screen's) and logs it", async () => {
    const { student, sessionId, screen, stop } = await classWithSession();
    at(testStart + 1);
    const code = await screen();
    // Typed late: at +24 the code's window ended 9 s ago, still inside the step's grace.
    at(testStart + 24);
    expect((await mark(student.token, { room_code: code })).body.geofencing_status).toBe('valid');
    await addProof(student);
    // 60 s after the step: the code on the screen now is not the one the step accepted.
    at(testStart + 84);
    const current = await screen();
    expect(current).not.toBe(code);
    expectNotCurrent(await mark(student.token, { room_code: current, face_verified: true }));
    expect(await recordOf(sessionId, student.id)).toBeUndefined();
    expect(await outcomesOf(student.id)).toContain('refused_room_code');
    // The step's own code, 69 s after it left the screen, still marks; the refusal spent no proof.
    expect((await mark(student.token, { room_code: code, face_verified: true })).body).toMatchObject({ status: 'present' });
    expect(await recordOf(sessionId, student.id)).toMatchObject({ status: 'present' });
    await stop();
  });

  it('needs the code again: a final mark without one is refused', async () => {
    const { student, sessionId, screen, stop } = await classWithSession();
    await addProof(student);
    expect((await mark(student.token, { room_code: await screen() })).status).toBe(200);
    const res = await mark(student.token, { face_verified: true });
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('room_code_required');
    expect(await recordOf(sessionId, student.id)).toBeUndefined();
    await stop();
  });
});

describe('a session without the room code', () => {
  it('is the REST default: not required, any code sent is ignored, and the screen has no code to show', async () => {
    const { teacher, student, sessionId, stop } = await classWithSession({});
    expect((await getJson(`${srv.url}/api/check_geofence_status`, teacher.token)).body).toMatchObject({ active: true, room_code_required: false });
    expect((await mark(student.token)).body).toMatchObject({ status: 'geofence_checked', geofencing_status: 'valid' });
    expect((await mark(student.token, { room_code: 'NOT A CODE' })).body.geofencing_status).toBe('valid');
    await addProof(student);
    expect((await mark(student.token, { face_verified: true })).body).toMatchObject({ status: 'present' });
    expect(await recordOf(sessionId, student.id)).toMatchObject({ status: 'present' });
    const shown = await getJson(`${srv.url}/api/room_code`, teacher.token);
    expect(shown.status).toBe(404);
    expect(shown.body).toMatchObject({ error: MSG.roomCodeDisplay.notRequired, error_code: 'room_code_not_required' });
    await stop();
  });
});

describe('GET /api/room_code and teacher.roomCode', () => {
  it('gives the session teacher the code, its countdown and the link for the QR code, the same on REST and tRPC', async () => {
    const { teacher, sessionId, department, stop } = await classWithSession();
    expect((await getJson(`${srv.url}/api/check_geofence_status`, teacher.token)).body).toMatchObject({ room_code_required: true });
    at(testStart + 4);
    const res = await fetch(`${srv.url}/api/room_code`, {
      headers: { authorization: `Bearer ${teacher.token}`, 'x-forwarded-proto': 'https', 'x-forwarded-host': 'rollcall.school.example' },
    });
    const body = await res.json();
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(body).toMatchObject({ seconds_left: 11, window_seconds: 15, department_name: department });
    expect(body.url).toBe(`https://rollcall.school.example/student-dashboard?room_code=${body.code}`);
    const session = await srv.db.selectFrom('geofence_sessions').select('ends_at').where('id', '=', sessionId).executeTakeFirstOrThrow();
    expect(body.ends_at).toBe(session.ends_at);
    expect(JSON.stringify(body)).not.toMatch(/secret/);
    const viaTrpc = await trpcClient(srv.url, teacher.token).teacher.roomCode.query();
    expect(viaTrpc).toMatchObject({ code: body.code, seconds_left: 11, url: `${srv.url}/student-dashboard?room_code=${body.code}` });
    at(testStart + 15);
    const next = await getJson(`${srv.url}/api/room_code`, teacher.token);
    expect(next.body.seconds_left).toBe(15);
    expect(next.body.code).not.toBe(body.code);
    await stop();
  });

  it('refuses students and other teachers (403), and answers 404 to a teacher with no open session', async () => {
    const { student, sessionId, stop } = await classWithSession();
    const other = await signInTestUser(srv, { role: 'teacher', department: DEPTS[deptIndex % DEPTS.length] });
    expect((await getJson(`${srv.url}/api/room_code`, student.token)).status).toBe(403);
    const named = await getJson(`${srv.url}/api/room_code?session_id=${sessionId}`, other.token);
    expect(named.status).toBe(403);
    expect(named.body.error).toBe(MSG.roomCodeDisplay.notYourSession);
    const own = await getJson(`${srv.url}/api/room_code`, other.token);
    expect(own.status).toBe(404);
    expect(own.body).toMatchObject({ error: MSG.roomCodeDisplay.noOpenSession, error_code: 'no_open_session' });
    await expect(trpcClient(srv.url, other.token).teacher.roomCode.query({ session_id: sessionId })).rejects.toMatchObject({
      data: { code: 'FORBIDDEN' },
    });
    await stop();
  });
});
