import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kolkataDay } from '../src/shared/kolkata-time';
import { FACE_STREAM_TIMESLICE_MS } from '../src/shared/face/face-stream';
import { MSG } from '../src/shared/messages';
import { pointNorthOf } from './helpers/geo';
import { attackFromAnotherProcess } from '../scripts/harness/attacker';
import { insertSession } from '../scripts/harness/geofence-sessions';
import { hasFixtures, NO_FIXTURES_MESSAGE, readFixture } from '../scripts/harness/face-fixtures';
import { GOOD_FIELDS, getJson, patchJson, postJson, postRegister, putJson } from '../scripts/harness/api-client';
import { type FaceStreamSocket, liveCheck, openFaceStream, webmVoid } from '../scripts/harness/live-stream';
import { type ServerProcess, startServerProcess } from './helpers/server-process';
import { createPostgresDatabase, type TestDatabase, testEngine } from './helpers/test-database';
import { createTestUser } from './helpers/test-server';
import { insertProof } from './helpers/proofs';
import { systemClock } from '../src/server/lib/clock';

/**
 * Two app processes on one PostgreSQL database and one shared uploads folder, as behind a load balancer: whatever
 * one node did, the other sees. Runs in the PostgreSQL pass of `npm test` (TEST_DATABASE_URL).
 */
const enabled = testEngine === 'postgres';
if (!enabled) console.warn('two-node test skipped: it needs the PostgreSQL pass (TEST_DATABASE_URL, ROLLCALL_TEST_ENGINE=postgres)');

describe.skipIf(!enabled)('two app nodes on one database', () => {
  let database: TestDatabase;
  let uploads: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let teacher: { id: number; token: string };
  let env: Record<string, string>;
  const CENTRE = { latitude: 23.0225, longitude: 72.5714, accuracy: 12 };

  beforeAll(async () => {
    database = await createPostgresDatabase();
    uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-shared-uploads-'));
    env = { DATABASE_URL: database.url, UPLOADS_DIR: uploads, LOGIN_MAX_FAILURES: '3', REGISTER_MAX_PER_HOUR: '3', TRUST_PROXY: 'loopback' };
    // Started together: both migrate the empty database at once, and the migration lock lets one do it.
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    const t = await createTestUser(a.db, { role: 'teacher', department: 'BCA' });
    teacher = { id: t.id, token: (await postJson(`${b.url}/api/login`, { email: t.email, password: t.password })).body.token };
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await database?.drop();
    fs.rmSync(uploads, { recursive: true, force: true });
  });

  it.skipIf(!hasFixtures)(
    'register on A, approve and see the photos on B, verify on B, mark on A, see the record on B',
    async () => {
      if (!hasFixtures) console.warn(NO_FIXTURES_MESSAGE);
      const images = ['f005', 'f045', 'f070'].map((f) => ({ data: readFixture('clips', `enroll_aoc_${f}.jpg`) }));
      const email = 'two.nodes@school.test';
      expect((await postRegister(a.url, { ...GOOD_FIELDS, email, username: 'twonodes' }, images)).status).toBe(201);

      const pending = await getJson(`${b.url}/api/pending_students_by_department`, teacher.token);
      const student = pending.body
        .flatMap((g: { students: { id: number; email: string; images: string[] }[] }) => g.students)
        .find((s: { email: string }) => s.email === email);
      expect(student.images).toHaveLength(3);
      const photo = await fetch(new URL(student.images[0], b.url));
      expect(photo.status).toBe(200);
      expect(photo.headers.get('content-type')).toMatch(/^image\//);
      const approved = await patchJson(`${b.url}/api/approve_students`, { user_ids: [student.id] }, teacher.token);
      expect(approved.status).toBe(200);

      const token = (await postJson(`${a.url}/api/login`, { email, password: GOOD_FIELDS.password })).body.token as string;
      expect((await postJson(`${a.url}/api/start_geofence`, { teacher_id: teacher.id, ...CENTRE, radius: 50, department: 'BCA' }, teacher.token)).status).toBe(
        201,
      );
      const form = new FormData();
      form.append('video', new Blob([new Uint8Array(readFixture('clips', 'aoc_3blinks_3s.webm'))], { type: 'video/webm' }), 'clip.webm');
      const verified = await fetch(`${b.url}/api/compare-face-video`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      expect(((await verified.json()) as { success: boolean }).success).toBe(true);

      const inside = { ...pointNorthOf(CENTRE.latitude, CENTRE.longitude, 20), accuracy: 12 };
      // The geofence step on node B, the final mark on node A: the step is kept in the database both read.
      expect((await postJson(`${b.url}/api/mark_attendance`, inside, token)).body).toMatchObject({ geofencing_status: 'valid' });
      const marked = await postJson(`${a.url}/api/mark_attendance`, { ...inside, face_verified: true }, token);
      expect(marked.body).toMatchObject({ status: 'present', face_recognition_status: 'verified' });
      // The proof was used once: node B does not accept it again (the record is already there, and the proof spent).
      expect((await postJson(`${b.url}/api/mark_attendance`, { ...inside, face_verified: true }, token)).body).toMatchObject({ status: 'already_marked' });
      const proofs = await b.db.selectFrom('face_verifications').select('used_at').where('user_id', '=', student.id).execute();
      expect(proofs).toHaveLength(1);
      expect(proofs[0].used_at).not.toBeNull();

      const list = await getJson(`${b.url}/api/get_students_for_session`, teacher.token);
      const row = list.body.students.find((s: { student_id: number }) => s.student_id === student.id);
      expect(row).toMatchObject({ status: 'present', face_recognition_status: 'verified' });
      expect((await fetch(`${b.url}/api/stop_geofence`, { method: 'PATCH', headers: { authorization: `Bearer ${teacher.token}` } })).status).toBe(200);
    },
    240_000,
  ); // the face engine starts in both processes

  it('the room code node A shows is the code node B accepts, at the geofence step and at the final mark', async () => {
    const t = await createTestUser(a.db, { role: 'teacher', department: 'IMCA' });
    const s = await createTestUser(a.db, { role: 'student', department: 'IMCA' });
    const teacherToken = (await postJson(`${a.url}/api/login`, { email: t.email, password: t.password })).body.token as string;
    const studentToken = (await postJson(`${b.url}/api/login`, { email: s.email, password: s.password })).body.token as string;
    const start = { teacher_id: t.id, ...CENTRE, radius: 50, department: 'IMCA', room_code: true };
    expect((await postJson(`${a.url}/api/start_geofence`, start, teacherToken)).status).toBe(201);

    const shown = await getJson(`${a.url}/api/room_code`, teacherToken);
    expect(shown.status).toBe(200);
    expect(shown.body.url).toBe(`${a.url}/student-dashboard?room_code=${shown.body.code}`);
    const inside = { ...pointNorthOf(CENTRE.latitude, CENTRE.longitude, 20), accuracy: 12 };
    // Real clocks: the code may change between the two calls; the previous one stays accepted for 10 s.
    const step = await postJson(`${b.url}/api/mark_attendance`, { ...inside, room_code: shown.body.code }, studentToken);
    expect(step.body).toMatchObject({ status: 'geofence_checked', geofencing_status: 'valid' });
    const wrong = (shown.body.code[0] === 'A' ? 'B' : 'A') + shown.body.code.slice(1);
    expect((await postJson(`${b.url}/api/mark_attendance`, { ...inside, room_code: wrong }, studentToken)).body.error_code).toBe('room_code_not_current');

    await insertProof(b.db, systemClock, { id: s.id, token: studentToken }, { agoSeconds: 0 });
    const final = await postJson(`${b.url}/api/mark_attendance`, { ...inside, room_code: shown.body.code, face_verified: true }, studentToken);
    expect(final.body).toMatchObject({ status: 'present' });
    expect((await fetch(`${a.url}/api/stop_geofence`, { method: 'PATCH', headers: { authorization: `Bearer ${teacherToken}` } })).status).toBe(200);
  });

  it('campus networks an admin saves on node A apply to the next step on node B', async () => {
    const admin = await createTestUser(a.db, { role: 'admin' });
    const t = await createTestUser(a.db, { role: 'teacher', department: 'BSCIT' });
    const s = await createTestUser(a.db, { role: 'student', department: 'BSCIT' });
    const teacherToken = (await postJson(`${a.url}/api/login`, { email: t.email, password: t.password })).body.token as string;
    const adminToken = (await postJson(`${a.url}/api/login`, { email: admin.email, password: admin.password })).body.token as string;
    const studentToken = (await postJson(`${b.url}/api/login`, { email: s.email, password: s.password })).body.token as string;
    const save = (networks: string[]) => putJson(`${a.url}/api/admin/campus_networks`, { networks }, adminToken);
    expect((await save(['10.20.0.0/16'])).status).toBe(200);
    expect((await postJson(`${a.url}/api/start_geofence`, { teacher_id: t.id, ...CENTRE, radius: 50, department: 'BSCIT' }, teacherToken)).status).toBe(201);
    await insertProof(b.db, systemClock, { id: s.id, token: studentToken }, { agoSeconds: 0 });
    const markFrom = (ip: string, face_verified: boolean) =>
      postJson(`${b.url}/api/mark_attendance`, { ...pointNorthOf(CENTRE.latitude, CENTRE.longitude, 20), accuracy: 12, face_verified }, studentToken, {
        'x-forwarded-for': ip,
      });
    const finalFrom = (ip: string) => markFrom(ip, true);
    // Every step must come from the campus networks (issue 35): the geofence step and the final mark from outside are refused.
    expect((await markFrom('198.51.100.9', false)).status).toBe(403);
    expect((await finalFrom('198.51.100.9')).status).toBe(403);
    expect((await save(['198.51.100.0/24'])).status).toBe(200);
    expect((await markFrom('198.51.100.9', false)).body).toMatchObject({ geofencing_status: 'valid' });
    expect((await finalFrom('198.51.100.9')).body).toMatchObject({ status: 'present' });
    expect((await getJson(`${b.url}/api/admin/campus_networks`, adminToken)).body).toMatchObject({ networks: ['198.51.100.0/24'], source: 'database' });
    expect((await save([])).status).toBe(200);
    expect((await fetch(`${a.url}/api/stop_geofence`, { method: 'PATCH', headers: { authorization: `Bearer ${teacherToken}` } })).status).toBe(200);
  });

  it('marks written at the same moment on both nodes still flag each other (issue 19: one device, two students)', async () => {
    const t = await createTestUser(a.db, { role: 'teacher', department: 'IMSCIT' });
    const teacherToken = (await postJson(`${a.url}/api/login`, { email: t.email, password: t.password })).body.token as string;
    expect(
      (await postJson(`${a.url}/api/start_geofence`, { teacher_id: t.id, ...CENTRE, radius: 50, department: 'IMSCIT', room_code: true }, teacherToken)).status,
    ).toBe(201);
    const inside = (i: number) => ({ ...pointNorthOf(CENTRE.latitude, CENTRE.longitude, 2 + i * 3), accuracy: 5 + i });
    // Four devices, each shared by two students whose final marks go to different nodes at once.
    const students = [];
    for (let i = 0; i < 8; i++) {
      const s = await createTestUser(a.db, { role: 'student', department: 'IMSCIT' });
      const token = (await postJson(`${b.url}/api/login`, { email: s.email, password: s.password })).body.token as string;
      // Each student's geofence step, with the code on the screen then; the final mark sends the same code.
      const code = (await getJson(`${a.url}/api/room_code`, teacherToken)).body.code as string;
      expect((await postJson(`${a.url}/api/mark_attendance`, { ...inside(i), room_code: code }, token)).body).toMatchObject({ geofencing_status: 'valid' });
      await insertProof(a.db, systemClock, { id: s.id, token: token }, { agoSeconds: 0 });
      students.push({ ...s, token, code, device_id: `shared-device-number-${i >> 1}` });
    }
    const marks = students.map((s, i) =>
      postJson(`${(i % 2 ? b : a).url}/api/mark_attendance`, { ...inside(i), room_code: s.code, device_id: s.device_id, face_verified: true }, s.token),
    );
    for (const res of await Promise.all(marks)) expect(res.body).toMatchObject({ status: 'present' });
    const rows = (await getJson(`${b.url}/api/get_students_for_session?page=1&limit=100&search=`, teacherToken)).body.allStudents as {
      student_id: number;
      flags: { code: string; text: string }[];
    }[];
    for (const [i, s] of students.entries()) {
      const partner = students[i ^ 1];
      // The marks come from a script, not a browser (no device cookie): flagged as such too (issue 35).
      expect(rows.find((r) => r.student_id === s.id)?.flags).toEqual([
        { code: 'same_device', text: `marked from the same device as ${partner.username}` },
        { code: 'not_from_browser', text: 'not from a browser' },
      ]);
    }
    expect((await fetch(`${a.url}/api/stop_geofence`, { method: 'PATCH', headers: { authorization: `Bearer ${teacherToken}` } })).status).toBe(200);
  });

  it('a burst of wrong passwords spread over both nodes gets no more guesses than the limit', async () => {
    const u = await createTestUser(a.db, { role: 'student' });
    const attempt = (node: ServerProcess, password: string) => ({
      url: `${node.url}/api/login`,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.77' },
      body: JSON.stringify({ email: u.email, password }),
    });
    const started = Date.now();
    const burst = await attackFromAnotherProcess(Array.from({ length: 40 }, (_, i) => attempt(i % 2 ? b : a, 'Wrong-pass1')));
    const seconds = (Date.now() - started) / 1000;
    const statuses = burst.map((r) => r.status);
    const checked = statuses.filter((s) => s !== 429);
    expect(checked.every((s) => s === 401)).toBe(true);
    // Every guess either node let through was counted, none lost to a race between the nodes.
    const row = await a.db
      .selectFrom('login_failures')
      .select('failures')
      .where('email', '=', u.email)
      .where('ip', '=', '192.0.2.77')
      .executeTakeFirstOrThrow();
    expect(row.failures).toBe(checked.length);
    // LOGIN_MAX_FAILURES=3: three guesses in all, not three per node; after them the waits grow 1 s, 2 s, 4 s..., so
    // a burst lasting T seconds (long only on a loaded machine) may get log2(T + 1) more.
    expect(checked.length).toBeLessThanOrEqual(3 + Math.floor(Math.log2(seconds + 1)));
    expect(statuses.filter((s, i) => s === 429 && i % 2 === 0).length).toBeGreaterThan(0);
    expect(statuses.filter((s, i) => s === 429 && i % 2 === 1).length).toBeGreaterThan(0);
  });

  it('the hourly registration allowance of an address is one for all nodes, not one per node', async () => {
    const register = async (node: ServerProcess) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({ ...GOOD_FIELDS, email: 'limit@school.test' })) form.append(k, v);
      // Not images: refused (400) once counted, before any decoding or face work.
      for (let i = 1; i <= 3; i++) form.append('images', new Blob([`not an image ${i}`], { type: 'image/jpeg' }), `face${i}.jpg`);
      const res = await fetch(`${node.url}/api/register`, { method: 'POST', headers: { 'x-forwarded-for': '192.0.2.50' }, body: form });
      return res.status;
    };
    const statuses = [await register(a), await register(b), await register(a), await register(b), await register(a)];
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
  });

  it('the hourly contact-form allowance of an address is one for all nodes', async () => {
    const send = async (node: ServerProcess, i: number) => {
      const message = { name: 'Visitor', email: 'visitor@example.test', message: `Question ${i}: when does the term start?` };
      return (await postJson(`${node.url}/api/contact`, message, undefined, { 'x-forwarded-for': '192.0.2.51' })).status;
    };
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push(await send(i % 2 ? b : a, i));
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
  });

  it('a due session is ended and its absentees marked exactly once while both nodes sweep', async () => {
    const mba = await a.db.selectFrom('departments').select('id').where('name', '=', 'MBA').executeTakeFirstOrThrow();
    const t = await createTestUser(a.db, { role: 'teacher', department: 'MBA' });
    const students = await Promise.all([1, 2, 3].map(() => createTestUser(a.db, { role: 'student', department: 'MBA' })));
    const now = Date.now();
    const id = await insertSession(a.db, {
      teacher_id: t.id,
      department_id: mba.id,
      started_at: new Date(now - 60_000).toISOString(),
      ends_at: new Date(now + 1000).toISOString(),
    });
    await new Promise((r) => setTimeout(r, 3000));
    const session = await b.db.selectFrom('geofence_sessions').select(['ends_at', 'ended_at', 'end_reason']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(session).toMatchObject({ end_reason: 'expired', ended_at: session.ends_at });
    const records = await b.db.selectFrom('attendance_records').select(['student_id', 'status']).where('session_id', '=', id).orderBy('student_id').execute();
    expect(records).toEqual(
      students
        .map((s) => s.id)
        .sort((x, y) => x - y)
        .map((student_id) => ({ student_id, status: 'absent' })),
    );
    expect(a.stderr() + b.stderr()).not.toMatch(/sweep failed/);
  });

  it('a mark a teacher corrects on node A is in the next shortfall report node B gives (issue 24)', async () => {
    const imca = await a.db.selectFrom('departments').select('id').where('name', '=', 'IMCA').executeTakeFirstOrThrow();
    const t = await createTestUser(a.db, { role: 'teacher', department: 'IMCA' });
    const s = await createTestUser(a.db, { role: 'student', department: 'IMCA' });
    const admin = await createTestUser(a.db, { role: 'admin' });
    const teacherToken = (await postJson(`${a.url}/api/login`, { email: t.email, password: t.password })).body.token as string;
    const adminToken = (await postJson(`${b.url}/api/login`, { email: admin.email, password: admin.password })).body.token as string;
    // Five classes of the last five days (the default semester is the current half-year), one attended.
    const day = 86_400_000;
    const now = Date.now();
    await a.db
      .updateTable('users')
      .set({ created_at: new Date(now - 30 * day).toISOString() })
      .where('id', '=', s.id)
      .execute();
    const sessions = [];
    for (let k = 5; k >= 1; k--) {
      const at = new Date(now - k * day).toISOString();
      const id = await insertSession(a.db, { teacher_id: t.id, department_id: imca.id, started_at: at, ended_at: at });
      await a.db
        .insertInto('attendance_records')
        .values({ session_id: id, student_id: s.id, status: k === 5 ? 'present' : 'absent', marked_at: at, updated_at: new Date().toISOString() })
        .execute();
      sessions.push(id);
    }
    // The five days only: an earlier test in this file ran an IMCA class today.
    const days = `start_date=${kolkataDay(new Date(now - 5 * day).toISOString())}&end_date=${kolkataDay(new Date(now - day).toISOString())}`;
    const rowOnB = async () =>
      (await getJson(`${b.url}/api/admin/attendance-shortfall?department_id=${imca.id}&${days}`, adminToken)).body.rows.find(
        (r: { student_id: number }) => r.student_id === s.id,
      );
    expect(await rowOnB()).toMatchObject({ rate: 20, held: 5, attended: 1 });
    const corrected = await patchJson(`${a.url}/api/mark_attendance_manual`, { student_id: s.id, session_id: sessions[1], status: 'present' }, teacherToken);
    expect(corrected.status).toBe(200);
    expect(await rowOnB()).toMatchObject({ rate: 40, held: 5, attended: 2 });
  });
  // Issue 33: a live check holds its socket on one node; its proof and its row are in the database every node reads.
  describe.skipIf(!hasFixtures)('the live face check (FACE_CHALLENGE=on on both nodes)', () => {
    let liveA: ServerProcess;
    let liveB: ServerProcess;
    let t: { id: number; token: string };
    const login = async (node: ServerProcess, email: string, password: string) =>
      (await postJson(`${node.url}/api/login`, { email, password })).body.token as string;

    beforeAll(async () => {
      [liveA, liveB] = await Promise.all([0, 1].map(() => startServerProcess({ ...env, FACE_CHALLENGE: 'on', FACE_CHECKS_PER_MINUTE: '600' })));
      const u = await createTestUser(liveA.db, { role: 'teacher', department: 'BSCIT' });
      t = { id: u.id, token: await login(liveB, u.email, u.password) };
      expect((await postJson(`${liveB.url}/api/start_geofence`, { teacher_id: t.id, ...CENTRE, radius: 50, department: 'BSCIT' }, t.token)).status).toBe(201);
    });
    afterAll(async () => {
      if (t) await fetch(`${liveB.url}/api/stop_geofence`, { method: 'PATCH', headers: { authorization: `Bearer ${t.token}` } });
      await Promise.all([liveA?.close(), liveB?.close()]);
    });

    it('streams the check to node A and marks on node B with its proof', { timeout: 240_000 }, async () => {
      const email = 'live.two.nodes@school.test';
      const photos = ['src5', 'src176', 'src181'].map((f) => ({ data: readFixture('challenge', `enroll_p1_${f}.jpg`) }));
      const registered = await postRegister(liveA.url, { ...GOOD_FIELDS, email, username: 'livetwonodes', department_name: 'BSCIT' }, photos);
      expect(registered.status, registered.text).toBe(201);
      const student = await liveA.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      const approved = await patchJson(`${liveB.url}/api/approve_students`, { user_ids: [student.id] }, t.token);
      expect(approved.status).toBe(200);
      const token = await login(liveA, email, GOOD_FIELDS.password);

      // The page's order: the geofence step (node A), the live check (node A), the final mark (node B).
      const inside = { ...pointNorthOf(CENTRE.latitude, CENTRE.longitude, 20), accuracy: 12 };
      expect((await postJson(`${liveA.url}/api/mark_attendance`, inside, token)).body).toMatchObject({ geofencing_status: 'valid' });
      const attempt = await liveCheck(liveA.url, token, { mode: 'perform' });
      expect(attempt.answer, JSON.stringify(attempt)).toMatchObject({ type: 'verdict', success: true });
      const marked = await postJson(`${liveB.url}/api/mark_attendance`, { ...inside, face_verified: true }, token);
      expect(marked.body).toMatchObject({ status: 'present', face_recognition_status: 'verified' });
      const proofs = await liveB.db.selectFrom('face_verifications').select(['verdict', 'challenge_id', 'used_at']).where('user_id', '=', student.id).execute();
      expect(proofs).toEqual([{ verdict: 'accepted', challenge_id: expect.any(String), used_at: expect.any(String) }]);
    });

    it("a start on node B ends the check open on node A: A's page is told at its next instruction at the latest", async () => {
      const s = await createTestUser(liveA.db, { role: 'student', department: 'BSCIT' });
      const onA = await openFaceStream(liveA.url);
      onA.send({ type: 'start', token: await login(liveA, s.email, s.password) });
      const first = await onA.next('ready');
      const sending = keepStreaming(onA, readFixture('challenge', 'c01_p1_left_blink.webm'));
      try {
        await onA.next('step');
        const onB = await openFaceStream(liveB.url);
        onB.send({ type: 'start', token: await login(liveB, s.email, s.password) });
        const second = await onB.next('ready');
        const stepsBefore = onA.received.filter((m) => m.type === 'step').length;
        expect(await onA.answer()).toEqual({ type: 'refused', status: 409, error_code: 'check_cancelled', message: MSG.faceChallenge.cancelled });
        // A looks at its row before each instruction: it is told instead of showing the next one, not after more
        // (a step already being sent as B started may still arrive)
        expect(onA.received.filter((m) => m.type === 'step').length - stepsBefore).toBeLessThanOrEqual(1);
        expect(onA.received.filter((m) => m.type === 'step').length).toBeLessThan(7);
        await onA.closed;
        const rows = () => liveA.db.selectFrom('face_challenges').select(['id', 'outcome']).where('user_id', '=', s.id).orderBy('issued_at').execute();
        expect(await rows()).toEqual([
          { id: first.check_id, outcome: 'abandoned' },
          { id: second.check_id, outcome: null },
        ]);
        onB.ws.close();
        await onB.closed;
        await expect.poll(rows).toEqual([
          { id: first.check_id, outcome: 'abandoned' },
          { id: second.check_id, outcome: 'abandoned' },
        ]);
        // both count as tries, whichever node the teacher asks
        const list = await getJson(`${liveA.url}/api/get_students_for_session?page=1&limit=100&search=`, t.token);
        expect(list.body.allStudents.find((r: { student_id: number }) => r.student_id === s.id)).toMatchObject({
          face_tries: { started: 2, failed: 0, abandoned: 2 },
        });
      } finally {
        sending.stop();
      }
    });
  });
});

/**
 * Keeps a live check's stream going as a camera would, one chunk a timeslice: `video`'s bytes in order, then Void
 * elements (nothing the server reads) once they run out, until stopped.
 */
function keepStreaming(socket: FaceStreamSocket, video: Buffer, chunkBytes = 12_000) {
  let at = 0;
  const timer = setInterval(() => {
    socket.send(at < video.length ? video.subarray(at, at + chunkBytes) : webmVoid(1024));
    at += chunkBytes;
  }, FACE_STREAM_TIMESLICE_MS);
  return { stop: () => clearInterval(timer) };
}
