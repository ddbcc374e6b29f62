import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, plainJpeg, postJson, readAnswer } from '@harness/api-client';
import { manualClock } from '@tests/helpers/manual-clock';
import { insertProof } from '@tests/helpers/proofs';
import { countRows, signInTestUser, startTestServer, type TestServer } from '@tests/helpers/test-server';
import { MSG } from '@shared/messages';

/** Issue 24 sections 2 and 3 over real HTTP: late marks, the four manual marks, and leave requests turning absences excused. */
const clock = manualClock(new Date('2026-03-02T04:00:00Z')); // 09:30 in Kolkata, Monday 2 March
let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ clock });
});
afterAll(() => srv.close());

const CENTRE = { latitude: 23.0225, longitude: 72.5714, accuracy: 10 };
const MINUTE = 60_000;
const DEPTS = ['IMSCIT', 'IMCA', 'BCA', 'BSCIT', 'MBA'];
let deptIndex = 0;

const signIn = (role: 'student' | 'teacher', department: string) => signInTestUser(srv, { role, department, createdAt: clock.now() });

async function send(method: string, path: string, body: unknown, token: string) {
  const res = await fetch(`${srv.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return readAnswer(res);
}

/** A class of its own department (so sessions never collide) and a function that starts a session for it. */
async function newClass(students = 1) {
  const department = DEPTS[deptIndex++ % DEPTS.length];
  const teacher = await signIn('teacher', department);
  const kids = [];
  for (let i = 0; i < students; i++) kids.push(await signIn('student', department));
  const start = async (extra: Record<string, unknown> = {}) => {
    const res = await postJson(
      `${srv.url}/api/start_geofence`,
      { teacher_id: teacher.id, ...CENTRE, radius: 50, department, duration_minutes: 60, ...extra },
      teacher.token,
    );
    expect(res.status, res.text).toBe(201);
    return res.body as { session_id: number; late_after_minutes: number };
  };
  const stop = () => send('PATCH', '/api/stop_geofence', {}, teacher.token);
  return { department, teacher, students: kids, start, stop };
}

/** The student's own mark: the geofence step and a face proof of their login, then the final request from inside the circle. */
async function markOwn(student: { id: number; token: string }) {
  expect((await postJson(`${srv.url}/api/mark_attendance`, CENTRE, student.token)).body.geofencing_status).toBe('valid');
  await insertProof(srv.db, clock, student);
  return postJson(`${srv.url}/api/mark_attendance`, { ...CENTRE, face_verified: true }, student.token);
}

const statusOf = async (sessionId: number, studentId: number) =>
  (await srv.db.selectFrom('attendance_records').select('status').where('session_id', '=', sessionId).where('student_id', '=', studentId).executeTakeFirst())
    ?.status;

/** POST /api/leave_requests as the student's form sends it: multipart, with the document only when given. */
async function askLeave(token: string, fields: Record<string, string>, document?: { data: Buffer; type: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (document) form.append('document', new Blob([new Uint8Array(document.data)], { type: document.type }), 'note.img');
  const res = await fetch(`${srv.url}/api/leave_requests`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return readAnswer(res);
}

const leaveCount = () => countRows(srv.db.selectFrom('leave_requests'));

describe('late marks', () => {
  it('a mark exactly at the grace period is present, one second past it late with the time it was made', async () => {
    const c = await newClass(2);
    const started = clock.now().getTime();
    const { session_id, late_after_minutes } = await c.start({ late_after_minutes: 10 });
    expect(late_after_minutes).toBe(10);
    clock.set(new Date(started + 10 * MINUTE));
    const onTime = await markOwn(c.students[0]);
    expect(onTime.body).toMatchObject({ status: 'present', message: MSG.attendance.marked });
    clock.set(new Date(started + 10 * MINUTE + 1000));
    const late = await markOwn(c.students[1]);
    // 04:10:01 UTC is 09:40:01 in Kolkata.
    expect(late.body).toMatchObject({ status: 'late', face_recognition_status: 'verified', message: 'Marked late at 02/03/2026 09:40:01' });
    expect(await statusOf(session_id, c.students[0].id)).toBe('present');
    expect(await statusOf(session_id, c.students[1].id)).toBe('late');
    // The student's history shows it, and a late mark counts as attended in the rate.
    const history = await getJson(`${srv.url}/api/get_attendance`, c.students[1].token);
    expect(history.body.attendance_records[0].status).toBe('late');
    expect(history.body.attendance_rate).toBe(100);
    await c.stop();
    clock.set(new Date(started));
  });

  it('defaults to 10 minutes when the teacher sets none, takes 0, and refuses a grace period out of range', async () => {
    const c = await newClass(1);
    const started = clock.now().getTime();
    expect((await c.start()).late_after_minutes).toBe(10);
    const status = await getJson(`${srv.url}/api/check_geofence_status`, c.teacher.token);
    expect(status.body.late_after_minutes).toBe(10);
    await c.stop();
    for (const bad of [181, -1, 2.5, '5']) {
      const res = await postJson(
        `${srv.url}/api/start_geofence`,
        { teacher_id: c.teacher.id, ...CENTRE, radius: 50, department: c.department, late_after_minutes: bad },
        c.teacher.token,
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MSG.late.badGrace);
    }
    const { session_id } = await c.start({ late_after_minutes: 0 });
    clock.set(new Date(started + 1000));
    expect((await markOwn(c.students[0])).body.status).toBe('late');
    expect(await statusOf(session_id, c.students[0].id)).toBe('late');
    await c.stop();
    clock.set(new Date(started));
  });
});

describe('manual marks', () => {
  it('set each of the four statuses, the student sees each, and a status outside them changes nothing', async () => {
    const c = await newClass(1);
    const { session_id } = await c.start();
    const student = c.students[0];
    for (const status of ['late', 'excused', 'absent', 'present'] as const) {
      const res = await send('PATCH', '/api/mark_attendance_manual', { student_id: student.id, session_id, status }, c.teacher.token);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(MSG.attendance.manualMarked(student.username, status));
      expect(await statusOf(session_id, student.id)).toBe(status);
      expect((await getJson(`${srv.url}/api/get_attendance`, student.token)).body.attendance_records[0]).toMatchObject({ status, manual_flag: true });
    }
    const bad = await send('PATCH', '/api/mark_attendance_manual', { student_id: student.id, session_id, status: 'sick' }, c.teacher.token);
    expect(bad.status).toBe(400);
    expect(await statusOf(session_id, student.id)).toBe('present');
    // The bulk mark keeps its two statuses.
    expect((await send('PATCH', '/api/mark_remaining', { session_id, status: 'late' }, c.teacher.token)).status).toBe(400);
    await c.stop();
  });
});

describe('leave requests', () => {
  it('approval turns the absences in the range excused, and absences written later by the automatic end too', async () => {
    const c = await newClass(2);
    const [onLeave, other] = c.students;
    const started = clock.now().getTime();
    const first = await c.start();
    await c.stop(); // both absent
    expect(await statusOf(first.session_id, onLeave.id)).toBe('absent');

    const asked = await askLeave(onLeave.token, { from_date: '2026-03-01', to_date: '2026-03-02', reason: 'Fever, doctor says two days of rest' });
    expect(asked.status).toBe(201);
    expect(asked.body.message).toBe(MSG.leave.sent);
    // Leave for tomorrow only: it excuses nothing today.
    const tomorrow = await askLeave(onLeave.token, { from_date: '2026-03-03', to_date: '2026-03-03', reason: 'Follow-up visit' });
    const pending = await getJson(`${srv.url}/api/pending_leave_requests`, c.teacher.token);
    expect(pending.body.map((r: { id: number }) => r.id)).toEqual([asked.body.id, tomorrow.body.id]);
    expect(pending.body[0]).toMatchObject({
      from_date: '2026-03-01',
      to_date: '2026-03-02',
      document_url: null,
      student: { id: onLeave.id, username: onLeave.username },
    });
    expect((await send('PATCH', '/api/decide_leave_request', { request_id: tomorrow.body.id, decision: 'approve' }, c.teacher.token)).body.excused).toBe(0);
    expect(await statusOf(first.session_id, onLeave.id)).toBe('absent');

    const approved = await send(
      'PATCH',
      '/api/decide_leave_request',
      { request_id: asked.body.id, decision: 'approve', note: 'Get well soon' },
      c.teacher.token,
    );
    expect(approved.body).toMatchObject({ status: 'approved', excused: 1, message: MSG.leave.approved(1) });
    expect(await statusOf(first.session_id, onLeave.id)).toBe('excused');
    expect(await statusOf(first.session_id, other.id)).toBe('absent');

    // A later session the same day that ends by itself: the sweep writes excused for the student on leave.
    clock.set(new Date(started + 60 * MINUTE));
    const second = await c.start({ duration_minutes: 5 });
    clock.set(new Date(started + 66 * MINUTE));
    expect(await srv.deps.sessions.sweep()).toBe(1);
    expect(await statusOf(second.session_id, onLeave.id)).toBe('excused');
    expect(await statusOf(second.session_id, other.id)).toBe('absent');

    const mine = await getJson(`${srv.url}/api/leave_requests`, onLeave.token);
    expect(mine.body.find((r: { id: number }) => r.id === asked.body.id)).toMatchObject({
      status: 'approved',
      note: 'Get well soon',
      decided_by: c.teacher.username,
    });
    const history = await getJson(`${srv.url}/api/get_attendance`, onLeave.token);
    expect(history.body.attendance_records.map((r: { status: string }) => r.status)).toEqual(['excused', 'excused']);
    // Both sessions excused: nothing left to count, and nothing counted against the student.
    expect(history.body.attendance_rate).toBe(0);
    expect((await getJson(`${srv.url}/api/get_attendance`, other.token)).body.attendance_rate).toBe(0);
    clock.set(new Date(started));
  });

  it('a bulk absent for a student on approved leave is written excused', async () => {
    const c = await newClass(2);
    const [onLeave, other] = c.students;
    const asked = await askLeave(onLeave.token, { from_date: '2026-03-02', to_date: '2026-03-02', reason: 'Family wedding' });
    await send('PATCH', '/api/decide_leave_request', { request_id: asked.body.id, decision: 'approve' }, c.teacher.token);
    const { session_id } = await c.start();
    const res = await send('PATCH', '/api/mark_remaining', { session_id, status: 'absent' }, c.teacher.token);
    expect(res.body.marked).toBe(2);
    expect(await statusOf(session_id, onLeave.id)).toBe('excused');
    expect(await statusOf(session_id, other.id)).toBe('absent');
    await c.stop();
  });

  it('a decline keeps the absences and the student reads the note; a decided request cannot be decided again', async () => {
    const c = await newClass(1);
    const student = c.students[0];
    const { session_id } = await c.start();
    await c.stop();
    const asked = await askLeave(student.token, { from_date: '2026-03-01', to_date: '2026-03-02', reason: 'Going to a cousin' });
    const declined = await send(
      'PATCH',
      '/api/decide_leave_request',
      { request_id: asked.body.id, decision: 'decline', note: 'Exams this week' },
      c.teacher.token,
    );
    expect(declined.body).toMatchObject({ status: 'declined', excused: 0, message: MSG.leave.declined });
    expect(await statusOf(session_id, student.id)).toBe('absent');
    expect((await getJson(`${srv.url}/api/leave_requests`, student.token)).body[0]).toMatchObject({ status: 'declined', note: 'Exams this week' });
    const again = await send('PATCH', '/api/decide_leave_request', { request_id: asked.body.id, decision: 'approve' }, c.teacher.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG.leave.alreadyDecided);
    expect(await statusOf(session_id, student.id)).toBe('absent');
    expect((await getJson(`${srv.url}/api/pending_leave_requests`, c.teacher.token)).body).toEqual([]);
  });

  it('a student withdraws their own pending request: gone from the teacher’s list, withdrawn in theirs; a decided one stays', async () => {
    const c = await newClass(2);
    const [student, classmate] = c.students;
    const { session_id } = await c.start();
    await c.stop();
    const asked = await askLeave(student.token, { from_date: '2026-03-02', to_date: '2026-03-02', reason: 'Asked by mistake' });
    const pendingIds = async () => (await getJson(`${srv.url}/api/pending_leave_requests`, c.teacher.token)).body.map((r: { id: number }) => r.id);
    expect(await pendingIds()).toContain(asked.body.id);

    // Someone else's request is not theirs to withdraw (and its existence is not their business); a bad id is refused.
    const other = await send('PATCH', '/api/withdraw_leave_request', { request_id: asked.body.id }, classmate.token);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe(MSG.leave.notFound);
    expect((await send('PATCH', '/api/withdraw_leave_request', { request_id: 'first' }, student.token)).status).toBe(400);
    expect(await pendingIds()).toContain(asked.body.id);

    const withdrawn = await send('PATCH', '/api/withdraw_leave_request', { request_id: asked.body.id }, student.token);
    expect(withdrawn).toMatchObject({ status: 200, body: { status: 'withdrawn', message: MSG.leave.withdrawn } });
    expect(await pendingIds()).not.toContain(asked.body.id);
    expect((await getJson(`${srv.url}/api/leave_requests`, student.token)).body[0]).toMatchObject({ id: asked.body.id, status: 'withdrawn' });
    // The teacher who had the page open still cannot approve it: the absence stays an absence.
    const late = await send('PATCH', '/api/decide_leave_request', { request_id: asked.body.id, decision: 'approve' }, c.teacher.token);
    expect(late).toMatchObject({ status: 409, body: { message: MSG.leave.withdrawnByStudent } });
    expect(await statusOf(session_id, student.id)).toBe('absent');
    const again = await send('PATCH', '/api/withdraw_leave_request', { request_id: asked.body.id }, student.token);
    expect(again).toMatchObject({ status: 409, body: { message: MSG.leave.cannotWithdraw('withdrawn') } });

    // An approved request cannot be withdrawn: its excused absences stay excused.
    const kept = await askLeave(student.token, { from_date: '2026-03-02', to_date: '2026-03-02', reason: 'Fever, with a note' });
    expect((await send('PATCH', '/api/decide_leave_request', { request_id: kept.body.id, decision: 'approve' }, c.teacher.token)).body.excused).toBe(1);
    const refused = await send('PATCH', '/api/withdraw_leave_request', { request_id: kept.body.id }, student.token);
    expect(refused).toMatchObject({ status: 409, body: { message: MSG.leave.cannotWithdraw('approved') } });
    expect(await statusOf(session_id, student.id)).toBe('excused');
    expect((await getJson(`${srv.url}/api/leave_requests`, student.token)).body.find((r: { id: number }) => r.id === kept.body.id).status).toBe('approved');
  });

  it("another department's teacher neither sees nor decides the request; an admin may", async () => {
    const c = await newClass(1);
    const stranger = await signIn('teacher', DEPTS.find((d) => d !== c.department) as string);
    const { session_id } = await c.start();
    await c.stop();
    const asked = await askLeave(c.students[0].token, { from_date: '2026-03-02', to_date: '2026-03-02', reason: 'Sick' });
    expect((await getJson(`${srv.url}/api/pending_leave_requests`, stranger.token)).body.map((r: { id: number }) => r.id)).not.toContain(asked.body.id);
    const refused = await send('PATCH', '/api/decide_leave_request', { request_id: asked.body.id, decision: 'approve' }, stranger.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MSG.leave.forbidden);
    expect(await statusOf(session_id, c.students[0].id)).toBe('absent');
    expect((await getJson(`${srv.url}/api/leave_requests`, c.students[0].token)).body[0].status).toBe('pending');
    // A student cannot decide their own request either.
    expect((await send('PATCH', '/api/decide_leave_request', { request_id: asked.body.id, decision: 'approve' }, c.students[0].token)).status).toBe(403);
    const admin = await signInTestUser(srv, { role: 'admin' });
    expect((await send('PATCH', '/api/decide_leave_request', { request_id: asked.body.id, decision: 'approve' }, admin.token)).body.excused).toBe(1);
  });

  it('checks dates, reason and the document as the face photos are checked, and stores nothing it refuses', async () => {
    const c = await newClass(1);
    const token = c.students[0].token;
    const before = await leaveCount();
    const refusals: [Record<string, string>, string][] = [
      [{ from_date: '2026-03-05', to_date: '2026-03-04', reason: 'Sick' }, MSG.leave.endBeforeStart],
      [{ from_date: '2026-02-30', to_date: '2026-03-04', reason: 'Sick' }, MSG.leave.badDate],
      [{ from_date: '2026-03-01', to_date: '2026-04-15', reason: 'Sick' }, MSG.leave.tooLong(31)],
      [{ from_date: '2026-03-01', to_date: '2026-03-01', reason: ' ' }, MSG.leave.reasonRequired],
    ];
    for (const [fields, message] of refusals) {
      const res = await askLeave(token, fields);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const fields = { from_date: '2026-03-02', to_date: '2026-03-02', reason: 'Medical note attached' };
    // Larger than 2 MB: refused by the upload's bound before it is decoded.
    const big = await sharp({ create: { width: 1400, height: 1400, channels: 3, background: '#000' } })
      .raw()
      .toBuffer();
    const tooBig = await askLeave(token, fields, { data: big, type: 'image/png' });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.message).toBe(MSG.leave.documentTooLarge);
    const notImage = await askLeave(token, fields, { data: Buffer.from('%PDF-1.4 not an image'), type: 'image/jpeg' });
    expect(notImage.body.message).toBe(MSG.leave.documentBad);
    // A small PNG declaring 6000x6000 pixels: refused from its header, before a full decode.
    const huge = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const tooManyPixels = await askLeave(token, fields, { data: huge, type: 'image/png' });
    expect(tooManyPixels.body.message).toBe(MSG.leave.documentTooManyPixels);
    expect(await leaveCount()).toBe(before);

    const ok = await askLeave(token, fields, {
      data: await sharp(await plainJpeg())
        .png()
        .toBuffer(),
      type: 'image/png',
    });
    expect(ok.status).toBe(201);
    const [pending] = (await getJson(`${srv.url}/api/pending_leave_requests`, c.teacher.token)).body;
    expect(pending.document_url).toMatch(/^\/api\/leave-documents\/\d+\?exp=\d+&sig=/);
    const file = await fetch(`${srv.url}${pending.document_url}`);
    expect(file.status).toBe(200);
    // Stored re-encoded as a JPEG (EXIF and anything else in the upload gone).
    expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).format).toBe('jpeg');
    expect((await fetch(`${srv.url}${pending.document_url.replace(/sig=[^&]+/, 'sig=forged')}`)).status).toBe(404);
  });
});

// Last in the file: its class takes a department of the rotation, which the bulk-absent count above must not share.
describe("the history's rate", () => {
  it("gives the history's rate as the dashboard's card does: a late mark counts as the school's rule says (one rate everywhere)", async () => {
    const base = clock.now();
    // a day on: the class's department has no earlier session in this student's semester
    clock.set(new Date(base.getTime() + 24 * 60 * MINUTE));
    const c = await newClass(1);
    const admin = await signInTestUser(srv, { role: 'admin' });
    const started = clock.now().getTime();
    await c.start({ late_after_minutes: 0 });
    clock.set(new Date(started + MINUTE));
    expect((await markOwn(c.students[0])).body.status).toBe('late');
    await c.stop();
    const rates = async () => ({
      history: (await getJson(`${srv.url}/api/get_attendance`, c.students[0].token)).body.attendance_rate,
      card: (await getJson(`${srv.url}/api/attendance_standing`, c.students[0].token)).body.rate,
    });
    const rule = (late: boolean) =>
      send(
        'PUT',
        '/api/admin/attendance_rule',
        { required_rate: 75, semester_start: '2026-01-01', semester_end: '2026-06-30', late_counts_as_present: late },
        admin.token,
      );
    try {
      expect(await rates()).toEqual({ history: 100, card: 100 });
      expect((await rule(false)).status).toBe(200);
      // the late mark now counts against the student, in the list's rate as on the card
      expect(await rates()).toEqual({ history: 0, card: 0 });
    } finally {
      await rule(true);
      clock.set(base);
    }
  });
});
