import { TRPCClientError } from '@trpc/client';
import type { AppRouter } from '../_app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { getJson, postJson, trpcClient } from '@harness/api-client';
import { manualClock } from '@tests/helpers/manual-clock';
import { createTestUser, signInTestUser, startTestServer, type TestServer } from '@tests/helpers/test-server';

/** Issue 22's admin lists over real HTTP: the users list (search, filters, pages) and the contact-message inbox. */
let srv: TestServer;
const clock = manualClock(new Date('2026-11-20T04:30:00Z'));
let admin: Awaited<ReturnType<typeof signInTestUser>>;
let api: ReturnType<typeof trpcClient>;
const deptId = async (name: string) => (await srv.db.selectFrom('departments').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(TRPCClientError);
    const err = e as TRPCClientError<AppRouter>;
    return { status: err.data?.httpStatus as number, message: err.message };
  }
  throw new Error('the call was not refused');
};

beforeAll(async () => {
  srv = await startTestServer({ clock });
  admin = await signInTestUser(srv, { role: 'admin', username: 'headadmin' });
  api = trpcClient(srv.url, admin.token);
});
afterAll(() => srv.close());

describe('the users list', () => {
  beforeAll(async () => {
    // 30 BCA students, 5 MBA students (2 pending), 2 teachers; names chosen to test case and wildcard handling.
    for (let i = 1; i <= 30; i += 1) await createTestUser(srv.db, { role: 'student', department: 'BCA', username: `bca${String(i).padStart(2, '0')}` });
    for (let i = 1; i <= 5; i += 1)
      await createTestUser(srv.db, {
        role: 'student',
        department: 'MBA',
        username: `Mba${i}`,
        status: i <= 2 ? 'pending' : 'active',
        email: `m_${i}@Uni.test`,
      });
    await createTestUser(srv.db, { role: 'teacher', department: 'BCA', username: 'Priya', email: 'priya.k@school.test' });
    await createTestUser(srv.db, { role: 'teacher', department: 'MBA', username: 'ravi', email: 'ravi@school.test' });
  });

  it('pages the students alphabetically, 24 to a page, and says how many there are', async () => {
    const first = await api.admin.userList.query({ role: 'student' });
    expect([first.total_records, first.data.length, first.page_size]).toEqual([35, 24, 24]);
    expect(first.data[0].username).toBe('bca01');
    const second = await api.admin.userList.query({ role: 'student', page: 2 });
    expect(second.data.map((u) => u.username)).toEqual([...['25', '26', '27', '28', '29', '30'].map((n) => `bca${n}`), 'Mba1', 'Mba2', 'Mba3', 'Mba4', 'Mba5']);
    expect(second.data.some((u) => first.data.some((f) => f.id === u.id))).toBe(false);
    expect(JSON.stringify(second)).not.toContain('password');
  });

  it('searches a part of the name or the email, whatever the case, with the department and status filters', async () => {
    const mba = await deptId('MBA');
    expect((await api.admin.userList.query({ q: 'MBA' })).data.map((u) => u.username)).toEqual(['Mba1', 'Mba2', 'Mba3', 'Mba4', 'Mba5']);
    expect((await api.admin.userList.query({ q: 'PRIYA.K@' })).data.map((u) => u.username)).toEqual(['Priya']);
    expect((await api.admin.userList.query({ q: 'bca1' })).total_records).toBe(10);
    const pendingMba = await api.admin.userList.query({ role: 'student', department_id: mba, status: 'pending' });
    expect(pendingMba.data.map((u) => [u.username, u.department_name, u.status])).toEqual([
      ['Mba1', 'MBA', 'pending'],
      ['Mba2', 'MBA', 'pending'],
    ]);
    expect((await api.admin.userList.query({ role: 'teacher', department_id: mba })).data.map((u) => u.username)).toEqual(['ravi']);
  });

  it('reads % and _ in a search as letters, not wildcards', async () => {
    expect((await api.admin.userList.query({ q: 'm_' })).data.map((u) => u.email).sort()).toEqual([
      'm_1@uni.test',
      'm_2@uni.test',
      'm_3@uni.test',
      'm_4@uni.test',
      'm_5@uni.test',
    ]);
    expect((await api.admin.userList.query({ q: '%' })).total_records).toBe(0);
    expect((await api.admin.userList.query({ q: 'b_a' })).total_records).toBe(0);
  });

  it('refuses a search past 100 characters in words, and anyone but an admin', async () => {
    expect(await refusal(api.admin.userList.query({ q: 'x'.repeat(101) }))).toEqual({ status: 400, message: MSG.userList.searchTooLong });
    const teacher = await signInTestUser(srv, { role: 'teacher', department: 'BCA' });
    expect((await refusal(trpcClient(srv.url, teacher.token).admin.userList.query({}))).status).toBe(403);
  });
});

describe('the contact-message inbox', () => {
  const ids: number[] = [];
  beforeAll(async () => {
    for (const [i, name] of ['Anita', 'Bharat', 'Chitra'].entries()) {
      clock.advance(60_000);
      expect((await postJson(`${srv.url}/api/contact`, { name, email: `${name.toLowerCase()}@home.test`, message: `Question ${i + 1}` })).status).toBe(201);
    }
    ids.push(...(await srv.db.selectFrom('contact_messages').select('id').orderBy('id').execute()).map((r) => r.id));
  });

  it('lists open messages newest first with the open count', async () => {
    const open = await api.admin.contactMessages.query();
    expect(open.data.map((m) => [m.name, m.email, m.message, m.handled_at])).toEqual([
      ['Chitra', 'chitra@home.test', 'Question 3', null],
      ['Bharat', 'bharat@home.test', 'Question 2', null],
      ['Anita', 'anita@home.test', 'Question 1', null],
    ]);
    expect([open.total_records, open.open_count]).toEqual([3, 3]);
  });

  it('marks a message handled by this admin at this time, moves it to Handled, and can open it again', async () => {
    clock.set(new Date('2026-11-20T05:00:00Z'));
    expect(await api.admin.setContactMessageHandled.mutate({ id: ids[1], handled: true })).toEqual({ id: ids[1], handled_at: '2026-11-20T05:00:00.000Z' });
    const open = await api.admin.contactMessages.query({ view: 'open' });
    expect([open.data.map((m) => m.name), open.open_count]).toEqual([['Chitra', 'Anita'], 2]);
    const handled = await api.admin.contactMessages.query({ view: 'handled' });
    expect(handled.data.map((m) => [m.name, m.handled_at, m.handled_by])).toEqual([['Bharat', '2026-11-20T05:00:00.000Z', 'headadmin']]);
    expect((await api.admin.contactMessages.query({ view: 'all', limit: 2 })).data.map((m) => m.name)).toEqual(['Chitra', 'Bharat']);
    // The REST read the contact form already had shows the same state, every message by default.
    const rest = await getJson(`${srv.url}/api/admin/contact_messages`, admin.token);
    expect([rest.body.total_records, rest.body.open_count, rest.body.data[1].handled_by]).toEqual([3, 2, 'headadmin']);
    await api.admin.setContactMessageHandled.mutate({ id: ids[1], handled: false });
    expect((await api.admin.contactMessages.query({ view: 'handled' })).total_records).toBe(0);
    expect((await api.admin.contactMessages.query()).open_count).toBe(3);
  });

  it('answers 404 for a message that does not exist, and refuses everyone but an admin', async () => {
    expect(await refusal(api.admin.setContactMessageHandled.mutate({ id: 999_999, handled: true }))).toEqual({ status: 404, message: MSG.inbox.notFound });
    const student = await signInTestUser(srv, { role: 'student', department: 'BCA' });
    const asStudent = trpcClient(srv.url, student.token);
    expect((await refusal(asStudent.admin.contactMessages.query())).status).toBe(403);
    expect((await refusal(asStudent.admin.setContactMessageHandled.mutate({ id: ids[0], handled: true }))).status).toBe(403);
    expect((await refusal(trpcClient(srv.url).admin.contactMessages.query())).status).toBe(401);
    expect((await api.admin.contactMessages.query()).open_count).toBe(3);
  });
});
