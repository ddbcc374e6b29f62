import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { CENTRE, classroom, ownSignals } from '@tests/helpers/classroom';
import { pointNorthOf } from '@tests/helpers/geo';
import { parseCsvCells } from '@tests/helpers/csv';
import { manualClock } from '@tests/helpers/manual-clock';
import { insertFaceTry } from '@tests/helpers/proofs';
import { signInTestUser, startTestServer, type TestServer } from '@tests/helpers/test-server';
import { trpcClient } from '@harness/api-client';

/** Issue 39: a refused student's 'I am in class: ask my teacher', the teacher's one tap, and the request's end. */
describe('review requests (issue 39)', () => {
  const clock = manualClock(new Date('2026-09-14T04:00:00Z'));
  let srv: TestServer;
  const api = (token: string) => trpcClient(srv.url, token);
  /** What a refused call's TRPCClientError carries: the text, and the code and HTTP status the page reads. */
  const refusedWith = (errorCode: string, httpStatus: number, message?: string) => ({ ...(message && { message }), data: { errorCode, httpStatus } });
  /** 200 m north of the room: a step the server refuses as outside. */
  const away = { ...ownSignals(0), ...pointNorthOf(CENTRE.latitude, CENTRE.longitude, 200) };

  beforeAll(async () => {
    srv = await startTestServer({ clock });
  });
  afterAll(() => srv?.close());

  it('a student refused outside asks once; the teacher sees the evidence and marks them with one tap', async () => {
    const teacher = await signInTestUser(srv, { role: 'teacher', department: 'BCA' });
    const room = await classroom(srv, clock, { department: 'BCA', students: 3, roomCode: true, teacher });
    const [refused, untried, marked] = room.students;

    // Nothing refused yet: no request, and the page offers none.
    expect(await api(untried.token).student.reviewRequest.query()).toEqual({ request: null, can_request: false });
    await expect(api(untried.token).student.requestReview.mutate()).rejects.toMatchObject(refusedWith('no_refusal', 409, MSG.review.noRefusal));
    // Marked on their own: no request either.
    await room.mark(marked, ownSignals(2));
    await expect(api(marked.token).student.requestReview.mutate()).rejects.toMatchObject(refusedWith('already_marked', 409));

    // Refused outside (twice), then a live face check refused: the server's own record of the refusal.
    expect((await room.step(refused, away)).body).toMatchObject({ status: 'geofence_checked', geofencing_status: 'invalid', distance_m: 200 });
    clock.advance(20_000);
    expect((await room.step(refused, away)).body).toMatchObject({ geofencing_status: 'invalid' });
    await insertFaceTry(srv.db, clock, refused, room.sessionId, 'identity_mismatch', 5);
    expect(await api(refused.token).student.reviewRequest.query()).toEqual({ request: null, can_request: true });

    clock.advance(10_000);
    expect(await api(refused.token).student.requestReview.mutate()).toMatchObject({ success: true, status: 'open', requested_at: clock.now().toISOString() });
    // Once per session.
    await expect(api(refused.token).student.requestReview.mutate()).rejects.toMatchObject(refusedWith('already_asked', 409));
    expect(await api(refused.token).student.reviewRequest.query()).toMatchObject({ request: { status: 'open' }, can_request: false });

    // The teacher's queue: the request with what the server kept, not what the page said.
    const queue = await api(room.teacher.token).teacher.reviewQueue.query();
    expect(queue.requests).toHaveLength(1);
    const [request] = queue.requests;
    expect(request).toMatchObject({ session_id: room.sessionId, room_code_asked: true, student: { id: refused.id, email: refused.email } });
    expect(request.evidence).toMatchObject({
      attempt_count: 2,
      checks: 2,
      outside_checks: 2,
      code_age_s: null,
      face_check: null,
      steps: {
        geofence: { outcome: 'outside', distance_m: 200 },
        room_code: { outcome: 'accepted' },
        face: { outcome: 'refused', reason: 'identity_mismatch', used: 1, of: 3 },
      },
    });
    expect(request.evidence.attempts.map((a) => [a.outcome, a.distance_m, a.accuracy_m])).toEqual([
      ['geofence_invalid', 200, 6],
      ['geofence_invalid', 200, 6],
    ]);

    // One tap: a normal record, marked by the teacher, saying it was reviewed.
    clock.advance(30_000);
    expect(await api(room.teacher.token).teacher.decideReview.mutate({ request_id: request.id, decision: 'mark' })).toMatchObject({
      status: 'marked',
      message: MSG.review.marked(refused.username),
    });
    const record = await srv.db
      .selectFrom('attendance_records')
      .select(['status', 'marked_by', 'reviewed', 'manual_override', 'marked_at'])
      .where('session_id', '=', room.sessionId)
      .where('student_id', '=', refused.id)
      .executeTakeFirstOrThrow();
    expect(record).toEqual({ status: 'present', marked_by: room.teacher.id, reviewed: 1, manual_override: 0, marked_at: clock.now().toISOString() });
    expect((await api(room.teacher.token).teacher.reviewQueue.query()).requests).toEqual([]);
    expect(await api(refused.token).student.reviewRequest.query()).toMatchObject({ request: { status: 'marked' }, can_request: false });
    // A second tap finds it closed.
    await expect(api(room.teacher.token).teacher.decideReview.mutate({ request_id: request.id, decision: 'decline' })).rejects.toMatchObject(
      refusedWith('review_closed', 409),
    );
    // The teacher's list, the student's history: reviewed by the teacher.
    const rows = await api(room.teacher.token).teacher.studentsForSession.query({ page: 1, limit: 10, search: '' });
    expect(rows.allStudents.find((s) => s.student_id === refused.id)).toMatchObject({ status: 'present', reviewed: true, manual_override: false });
    const history = await api(refused.token).student.attendance.query({ page: 1, limit: 10 });
    expect(history.attendance_records[0]).toMatchObject({ status: 'present', reviewed: true, marked_by: teacher.username });
    // The admin's detail CSV: the Face cell says who vouched, Marked By names the teacher.
    const admin = await signInTestUser(srv, { role: 'admin' });
    const csv = await fetch(`${srv.url}/api/admin/attendance-details/export.csv?teacher=${teacher.id}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const [header, ...lines] = parseCsvCells(await csv.text());
    const cell = (line: string[], column: string) => line[header.indexOf(column)];
    const reviewedLines = lines.filter((l) => cell(l, 'Face') === MSG.review.reviewedByTeacher);
    expect(reviewedLines.map((l) => [cell(l, 'Status'), cell(l, 'Manual'), cell(l, 'Marked By')])).toEqual([['present', 'No', teacher.username]]);
    expect((await room.stop()).status).toBe(200);
  });

  it('only the session’s own teacher (or an admin) decides; a decline is seen by the student', async () => {
    const room = await classroom(srv, clock, { department: 'MBA', students: 2, roomCode: false });
    const colleague = await signInTestUser(srv, { role: 'teacher', department: 'MBA' });
    const otherDepartment = await signInTestUser(srv, { role: 'teacher', department: 'BCA' });
    const admin = await signInTestUser(srv, { role: 'admin' });
    const [first, second] = room.students;
    // Refused for a location too imprecise: logged by the server, so it counts as a refusal.
    const imprecise = await room.step(first, { ...ownSignals(0), accuracy: 900 });
    expect(imprecise.status).toBe(400);
    await api(first.token).student.requestReview.mutate();
    await room.step(second, away);
    await api(second.token).student.requestReview.mutate();

    const [a, b] = (await api(room.teacher.token).teacher.reviewQueue.query()).requests;
    expect(a.evidence.attempts).toEqual([expect.objectContaining({ outcome: 'refused_imprecise', accuracy_m: 900 })]);
    // The other teachers see nothing of it and may not decide.
    expect((await api(colleague.token).teacher.reviewQueue.query()).requests).toEqual([]);
    expect((await api(otherDepartment.token).teacher.reviewQueue.query()).requests).toEqual([]);
    for (const t of [colleague, otherDepartment])
      await expect(api(t.token).teacher.decideReview.mutate({ request_id: a.id, decision: 'mark' })).rejects.toMatchObject({ data: { httpStatus: 403 } });
    // An admin sees every running session's queue and may decide.
    expect((await api(admin.token).teacher.reviewQueue.query()).requests.map((r) => r.id)).toEqual([a.id, b.id]);
    expect(await api(admin.token).teacher.decideReview.mutate({ request_id: a.id, decision: 'decline' })).toMatchObject({ status: 'declined' });
    expect(await api(first.token).student.reviewRequest.query()).toMatchObject({ request: { status: 'declined' }, can_request: false });
    expect(
      await srv.db.selectFrom('attendance_records').select('id').where('session_id', '=', room.sessionId).where('student_id', '=', first.id).executeTakeFirst(),
    ).toBeUndefined();
    // Declined stays declined: no second request in the session.
    await expect(api(first.token).student.requestReview.mutate()).rejects.toMatchObject(refusedWith('already_asked', 409));
    expect((await api(room.teacher.token).teacher.reviewQueue.query()).requests.map((r) => r.id)).toEqual([b.id]);
    expect((await room.stop()).status).toBe(200);
  });

  it('a request still open when the student gets marked another way closes at once as resolved, not expired', async () => {
    const room = await classroom(srv, clock, { department: 'IMCA', students: 3, roomCode: false });
    const [retried, manual, bulk] = room.students;
    for (const s of room.students) {
      await room.step(s, away);
      await api(s.token).student.requestReview.mutate();
    }
    expect((await api(room.teacher.token).teacher.reviewQueue.query()).requests).toHaveLength(3);
    const statusOf = async (studentId: number) =>
      await srv.db
        .selectFrom('review_requests')
        .select(['status', 'decided_by', 'decided_at'])
        .where('session_id', '=', room.sessionId)
        .where('student_id', '=', studentId)
        .executeTakeFirstOrThrow();
    // The student passes on a retry: their own mark answers the request.
    clock.advance(30_000);
    await room.mark(retried, ownSignals(1));
    expect(await statusOf(retried.id)).toEqual({ status: 'resolved', decided_by: null, decided_at: clock.now().toISOString() });
    expect(await api(retried.token).student.reviewRequest.query()).toMatchObject({ request: { status: 'resolved' }, can_request: false });
    // The teacher marks one from the class list, then the rest with one bulk mark.
    await api(room.teacher.token).teacher.markManual.mutate({ session_id: room.sessionId, student_id: manual.id, status: 'present' });
    expect(await statusOf(manual.id)).toMatchObject({ status: 'resolved', decided_by: room.teacher.id });
    expect(await statusOf(bulk.id)).toMatchObject({ status: 'open' });
    await api(room.teacher.token).teacher.markRemaining.mutate({ session_id: room.sessionId, status: 'present' });
    expect(await statusOf(bulk.id)).toMatchObject({ status: 'resolved', decided_by: room.teacher.id });
    expect((await api(room.teacher.token).teacher.reviewQueue.query()).requests).toEqual([]);
    // The session's end finds nothing left to expire.
    expect((await room.stop()).status).toBe(200);
    expect(await api(bulk.token).student.reviewRequest.query()).toMatchObject({ request: { status: 'resolved' } });
  });

  it('requests still open when the session expires close as expired; the admin sees the semester’s rates', async () => {
    const admin = await signInTestUser(srv, { role: 'admin' });
    const room = await classroom(srv, clock, { department: 'BSCIT', students: 1, roomCode: false });
    const [student] = room.students;
    await room.step(student, away);
    await api(student.token).student.requestReview.mutate();
    const [request] = (await api(room.teacher.token).teacher.reviewQueue.query()).requests;
    // Past the session's end: the sweep closes it, writes the absentees and expires the request.
    clock.advance(2 * 3600_000);
    await srv.deps.sessions.sweep();
    expect(await api(student.token).student.reviewRequest.query()).toMatchObject({ request: { status: 'expired' }, can_request: false });
    const record = await srv.db
      .selectFrom('attendance_records')
      .select(['status', 'reviewed'])
      .where('session_id', '=', room.sessionId)
      .where('student_id', '=', student.id)
      .executeTakeFirstOrThrow();
    expect(record).toEqual({ status: 'absent', reviewed: 0 });
    await expect(api(room.teacher.token).teacher.decideReview.mutate({ request_id: request.id, decision: 'mark' })).rejects.toMatchObject(
      refusedWith('review_closed', 409),
    );
    // Nothing left to ask about, and the outcome no longer shown the next morning.
    await expect(api(student.token).student.requestReview.mutate()).rejects.toMatchObject(refusedWith('no_session', 404));
    clock.advance(13 * 3600_000);
    // A login of the next morning (the day's tokens have expired).
    const signIn = (u: { id: number; username: string }, role: 'student' | 'admin') =>
      srv.deps.tokens.sign({ user_id: u.id, role, username: u.username, tv: 0 });
    expect(await api(await signIn(student, 'student')).student.reviewRequest.query()).toEqual({ request: null, can_request: false });

    const rates = await api(await signIn(admin, 'admin')).admin.reviewRates.query();
    // MBA's second request was still open when its teacher pressed Stop: it expired with the session.
    expect(rates.departments).toEqual([
      { department: 'BCA', requests: 1, marked: 1, declined: 0, expired: 0, resolved: 0, open: 0 },
      { department: 'BSCIT', requests: 1, marked: 0, declined: 0, expired: 1, resolved: 0, open: 0 },
      { department: 'IMCA', requests: 3, marked: 0, declined: 0, expired: 0, resolved: 3, open: 0 },
      { department: 'MBA', requests: 2, marked: 0, declined: 1, expired: 1, resolved: 0, open: 0 },
    ]);
  });
});
