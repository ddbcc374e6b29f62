import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTICE_EMAIL_MAX_ATTEMPTS } from '@shared/constants';
import { getJson, patchJson, postJson, trpcClient } from '@harness/api-client';
import { manualClock } from '@tests/helpers/manual-clock';
import { startSmtpSink } from '@tests/helpers/smtp-sink';
import { testEngine } from '@tests/helpers/test-database';
import { createTestUser, signInTestUser, startTestServer, type TestServer } from '@tests/helpers/test-server';
import { connectDatabase } from '@server/db/connect';
import { warnAfterEndedSessions } from '@server/services/reports/index';
import { createMailSender, MAIL_RETRY_BASE_MS, queueNotice } from './index';

const FROM = 'Roll Call <attendance@school.test>';
const CENTRE = { latitude: 23.0225, longitude: 72.5714, accuracy: 12 };
const clock = manualClock(new Date('2026-03-02T04:00:00Z'));
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let srv: TestServer;
let teacher: Awaited<ReturnType<typeof signInTestUser>>;
let admin: Awaited<ReturnType<typeof signInTestUser>>;

beforeAll(async () => {
  sink = await startSmtpSink();
  srv = await startTestServer({ clock, env: { SMTP_URL: sink.url, SMTP_FROM: FROM } });
  teacher = await signInTestUser(srv, { role: 'teacher', department: 'BCA' });
  admin = await signInTestUser(srv, { role: 'admin' });
});
afterAll(async () => {
  await srv?.close();
  await sink?.close();
});

/** A student of `department` signed in, created at the clock's time (the rule counts their sessions from then). */
const student = (department = 'BCA') => signInTestUser(srv, { role: 'student', department, createdAt: clock.now() });
const mailTo = (address: string) => sink.received.filter((m) => m.to.includes(address.toLowerCase()));
const bell = async (token: string) => (await getJson(`${srv.url}/api/notices`, token)).body;

/** A pending leave request of the student for one day, decided by the BCA teacher through the REST door. */
async function decideLeave(studentId: number, decision: 'approve' | 'decline', note: string | null = null) {
  const { id } = await srv.db
    .insertInto('leave_requests')
    .values({ student_id: studentId, from_date: '2026-03-03', to_date: '2026-03-03', reason: 'Fever', requested_at: clock.now().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const res = await patchJson(`${srv.url}/api/decide_leave_request`, { request_id: id, decision, ...(note && { note }) }, teacher.token);
  expect(res.status).toBe(200);
}

const emailRowsTo = (address: string) =>
  srv.db.selectFrom('notice_emails').select(['status', 'attempts', 'last_error']).where('to_address', '=', address.toLowerCase()).execute();

describe('notices with SMTP set', () => {
  it('a leave decision reaches the student in the bell at once and by email from the queue, not from the request', async () => {
    const s = await student();
    await decideLeave(s.id, 'approve', 'Get well soon');
    expect(mailTo(s.email)).toEqual([]);
    const before = await bell(s.token);
    expect(before.unread).toBe(1);
    expect(before.notices[0].notice).toMatchObject({ kind: 'leave_decided', status: 'approved', note: 'Get well soon' });

    expect(await srv.deps.mail.run()).toBeGreaterThanOrEqual(1);
    const [mail] = mailTo(s.email);
    expect(mail.subject).toBe('Roll Call: Leave approved');
    expect(mail.text).toContain('Your leave for 2026-03-03 was approved. Note: Get well soon');

    // Another user cannot mark it read; its owner can.
    expect(await trpcClient(srv.url, teacher.token).notices.markRead.mutate({ ids: [before.notices[0].id] })).toEqual({ marked: 0 });
    expect(await trpcClient(srv.url, s.token).notices.markRead.mutate({ ids: 'all' })).toEqual({ marked: 1 });
    expect((await bell(s.token)).unread).toBe(0);
  });

  it("approving a registration tells the student, by the teacher's approval or an admin's activation", async () => {
    const [a, b] = [
      await createTestUser(srv.db, { role: 'student', department: 'BCA', status: 'pending' }),
      await createTestUser(srv.db, { role: 'student', department: 'BCA', status: 'pending' }),
    ];
    expect((await patchJson(`${srv.url}/api/approve_students`, { user_ids: [a.id] }, teacher.token)).status).toBe(200);
    expect((await trpcClient(srv.url, admin.token).admin.updateUser.mutate({ id: b.id, changes: { status: 'active' } })).changed).toContain('status');
    await srv.deps.mail.run();
    for (const u of [a, b]) {
      expect(mailTo(u.email).map((m) => m.subject)).toEqual(['Roll Call: Registration approved']);
      const kinds = await srv.db.selectFrom('notices').select('kind').where('user_id', '=', u.id).execute();
      expect(kinds).toEqual([{ kind: 'registration_approved' }]);
    }
  });

  it('a server that answers 451 and then accepts: the email waits its turn, is tried again, and arrives once', async () => {
    const s = await student();
    sink.refuse(1, 451);
    await decideLeave(s.id, 'decline');
    expect(await srv.deps.mail.run()).toBe(0);
    expect(await emailRowsTo(s.email)).toEqual([{ status: 'queued', attempts: 1, last_error: expect.stringContaining('Try again later') }]);
    // Not due yet: no try before its wait is over.
    expect(await srv.deps.mail.run()).toBe(0);
    expect((await emailRowsTo(s.email))[0].attempts).toBe(1);
    clock.advance(MAIL_RETRY_BASE_MS);
    expect(await srv.deps.mail.run()).toBe(1);
    expect(mailTo(s.email).map((m) => m.subject)).toEqual(['Roll Call: Leave declined']);
    expect(await emailRowsTo(s.email)).toEqual([{ status: 'sent', attempts: 2, last_error: null }]);
    expect(await srv.deps.mail.run()).toBe(0);
  });

  it('a refusal (5xx) fails at once, repeated 4xx after the last try; the administrator sees both and why', async () => {
    const [refused, tired] = [await student(), await student()];
    sink.refuse(1, 550);
    await decideLeave(refused.id, 'decline');
    await srv.deps.mail.run();
    expect(await emailRowsTo(refused.email)).toEqual([{ status: 'failed', attempts: 1, last_error: expect.stringContaining('Mailbox unavailable') }]);

    sink.refuse(NOTICE_EMAIL_MAX_ATTEMPTS, 451);
    await decideLeave(tired.id, 'decline');
    for (let i = 0; i < NOTICE_EMAIL_MAX_ATTEMPTS + 1; i++) {
      await srv.deps.mail.run();
      // past the longest wait (8 minutes before the fifth try), well within a token's lifetime
      clock.advance(20 * 60_000);
    }
    expect(await emailRowsTo(tired.email)).toEqual([
      { status: 'failed', attempts: NOTICE_EMAIL_MAX_ATTEMPTS, last_error: expect.stringContaining('Try again later') },
    ]);
    expect(mailTo(tired.email)).toEqual([]);

    const delivery = (await getJson(`${srv.url}/api/admin/email_delivery`, admin.token)).body;
    expect(delivery).toMatchObject({ configured: true, from: FROM });
    expect(delivery.failed.map((f: { to_address: string }) => f.to_address)).toEqual([tired.email.toLowerCase(), refused.email.toLowerCase()]);
    expect((await getJson(`${srv.url}/api/admin/email_delivery`, teacher.token)).status).toBe(403);
  });

  it('several nodes sending at once send each email exactly once', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => createTestUser(srv.db, { role: 'student', department: 'BSCIT' })));
    await srv.db.transaction().execute(async (trx) => {
      for (const u of users) await queueNotice(srv.deps, trx, u.id, { kind: 'registration_approved', username: u.username });
    });
    // On PostgreSQL, three senders with a pool each: three app nodes. On SQLite (one machine), they share the connection.
    const pools = testEngine === 'postgres' ? [1, 2, 3].map(() => connectDatabase(srv.deps.config.database, { poolSize: 2 })) : [];
    try {
      const dbs = pools.length ? pools : [srv.db, srv.db, srv.db];
      const senders = [...dbs, ...dbs].map((db) => createMailSender({ db, clock, mail: srv.deps.config.mail }));
      const sent = await Promise.all(senders.map((send) => send()));
      expect(sent.reduce((a, b) => a + b, 0)).toBe(users.length);
      for (const u of users) expect(mailTo(u.email)).toHaveLength(1);
    } finally {
      await Promise.all(pools.map((db) => db.destroy()));
    }
  });
});

describe('warnings after a session ends', () => {
  it('below the rule and absent N in a row: once a crossing, by Stop or by expiry, copied to the guardian', async () => {
    const imca = await signInTestUser(srv, { role: 'teacher', department: 'IMCA' });
    const [a, b] = [await student('IMCA'), await student('IMCA')];
    const guardian = 'guardian.of.a@home.test';
    await trpcClient(srv.url, admin.token).attendanceRule.setAbsenceWarning.mutate({ absences_in_a_row: 2 });
    // The guardian's address: the student's own teacher may set it; another department's teacher may not.
    await expect(trpcClient(srv.url, teacher.token).teacher.setGuardianEmail.mutate({ student_id: a.id, guardian_email: guardian })).rejects.toThrow();
    await trpcClient(srv.url, imca.token).teacher.setGuardianEmail.mutate({ student_id: a.id, guardian_email: guardian });

    /** One class: b always present, a present when asked; ended by Stop or left to expire. Then the warnings run. */
    async function session(aPresent: boolean, end: 'stop' | 'expire') {
      clock.advance(20 * 60_000);
      const started = await postJson(`${srv.url}/api/start_geofence`, { teacher_id: imca.id, ...CENTRE, radius: 50, department: 'IMCA' }, imca.token);
      expect(started.status).toBe(201);
      for (const s of aPresent ? [a, b] : [b])
        await patchJson(`${srv.url}/api/mark_attendance_manual`, { student_id: s.id, session_id: started.body.session_id, status: 'present' }, imca.token);
      if (end === 'stop') expect((await patchJson(`${srv.url}/api/stop_geofence`, {}, imca.token)).status).toBe(200);
      else {
        clock.advance(srv.deps.config.sessionMinutes * 60_000);
        expect(await srv.deps.sessions.sweep()).toBe(1);
      }
      return srv.deps.warnings.run();
    }
    const kindsOf = async (id: number) =>
      (await srv.db.selectFrom('notices').select('params').where('user_id', '=', id).orderBy('id').execute()).map((n) => JSON.parse(n.params));

    expect(await session(false, 'stop')).toBe(1);
    expect(await kindsOf(a.id)).toEqual([{ kind: 'below_rule', student_name: a.username, rate: 0, required_rate: 75, needed_to_recover: 3 }]);
    expect(await session(false, 'expire')).toBe(1);
    expect((await kindsOf(a.id)).at(-1)).toEqual({ kind: 'absent_streak', student_name: a.username, count: 2 });
    // Still below, still absent: no second warning for the same crossing.
    expect(await session(false, 'stop')).toBe(0);
    // Present once: the run of absences ends (a is still below the rule: no new warning for that either).
    expect(await session(true, 'stop')).toBe(0);
    expect(await session(false, 'expire')).toBe(0);
    // Two more in a row: a new crossing, a new warning. Every node's run at once checks each session once.
    clock.advance(20 * 60_000);
    const started = await postJson(`${srv.url}/api/start_geofence`, { teacher_id: imca.id, ...CENTRE, radius: 50, department: 'IMCA' }, imca.token);
    await patchJson(`${srv.url}/api/mark_attendance_manual`, { student_id: b.id, session_id: started.body.session_id, status: 'present' }, imca.token);
    await patchJson(`${srv.url}/api/stop_geofence`, {}, imca.token);
    const other = testEngine === 'postgres' ? connectDatabase(srv.deps.config.database, { poolSize: 2 }) : srv.db;
    try {
      const runs = await Promise.all([srv.deps.warnings.run(), warnAfterEndedSessions({ ...srv.deps, db: other }), warnAfterEndedSessions(srv.deps)]);
      expect(runs.reduce((x, y) => x + y, 0)).toBe(1);
    } finally {
      if (other !== srv.db) await other.destroy();
    }
    expect((await kindsOf(a.id)).map((n) => n.kind)).toEqual(['below_rule', 'absent_streak', 'absent_streak']);
    expect(await kindsOf(b.id)).toEqual([]);

    await srv.deps.mail.run();
    expect(mailTo(a.email).map((m) => m.subject)).toEqual([
      'Roll Call: Attendance below 75%',
      'Roll Call: Absent 2 sessions in a row',
      'Roll Call: Absent 2 sessions in a row',
    ]);
    const toGuardian = mailTo(guardian);
    expect(toGuardian).toHaveLength(3);
    expect(toGuardian[0].text).toContain(`${a.username}'s attendance this semester is 0%`);
    expect(toGuardian[1].text).toContain(`${a.username} has been absent from the last 2 sessions`);
  });
});

describe('the roster invitation by email', () => {
  it('emails each imported student their link once, keeps no usable copy once sent, and never lists it in a bell', async () => {
    const form = new FormData();
    const file = 'name,email,roll_number,department\r\nMira Shah,mira.inv@school.test,BCA-901,BCA\r\n';
    form.append('file', new Blob([file], { type: 'text/csv' }), 'roster.csv');
    const res = await fetch(`${srv.url}/api/roster/import`, { method: 'POST', body: form, headers: { authorization: `Bearer ${teacher.token}` } });
    expect(res.status).toBe(200);
    const { invitations } = (await res.json()) as { invitations: { recipient: { user_id: number }; link: string }[] };
    expect(invitations).toHaveLength(1);
    expect(mailTo('mira.inv@school.test')).toEqual([]);

    await srv.deps.mail.run();
    const mails = mailTo('mira.inv@school.test');
    expect(mails.map((m) => m.subject)).toEqual(['Roll Call: Your invitation to Roll Call']);
    expect(mails[0].text.replace(/=\r?\n/g, '')).toContain(invitations[0].link);
    await srv.deps.mail.run();
    expect(mailTo('mira.inv@school.test')).toHaveLength(1);

    const stored = await srv.db.selectFrom('notices').select(['params', 'read_at']).where('user_id', '=', invitations[0].recipient.user_id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].params).not.toContain(invitations[0].link.split('/').pop());
    expect(stored[0].read_at).not.toBeNull();
  });
});

describe('notices without SMTP', () => {
  it('stay in the app: the bell has them, no email is queued', async () => {
    const plain = await startTestServer({ clock });
    try {
      const t = await signInTestUser(plain, { role: 'teacher', department: 'MBA' });
      const s = await signInTestUser(plain, { role: 'student', department: 'MBA', status: 'pending' });
      expect((await patchJson(`${plain.url}/api/approve_students`, { user_ids: [s.id] }, t.token)).status).toBe(200);
      const login = await postJson(`${plain.url}/api/login`, { email: s.email, password: s.password });
      const list = await trpcClient(plain.url, login.body.token).notices.list.query();
      expect(list.unread).toBe(1);
      expect(list.notices[0].notice).toEqual({ kind: 'registration_approved', username: s.username });
      expect(await plain.db.selectFrom('notice_emails').select('id').execute()).toEqual([]);
      expect(await plain.deps.mail.run()).toBe(0);
      expect((await getJson(`${plain.url}/api/notices`)).status).toBe(401);
    } finally {
      await plain.close();
    }
  });
});
