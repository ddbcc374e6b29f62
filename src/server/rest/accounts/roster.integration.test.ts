import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_TTL_DAYS, ROSTER_MAX_BYTES, ROSTER_MAX_ROWS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { hasFixtures, NO_FIXTURES_MESSAGE, readFixture } from '@harness/face-fixtures';
import { getJson, patchJson, postJson, readAnswer, trpcClient } from '@harness/api-client';
import { manualClock } from '@tests/helpers/manual-clock';
import { createTestUser, signInTestUser, startTestServer, type TestServer } from '@tests/helpers/test-server';

/** Issue 39's roster import over real HTTP: the preview, the import, the invitations and registering from one. */
const clock = manualClock(new Date('2026-12-07T04:00:00Z'));
let srv: TestServer;
let bca: { token: string; email: string; password: string };
let mba: { token: string };
let admin: { token: string };
beforeAll(async () => {
  srv = await startTestServer({ clock });
  bca = await signInTestUser(srv, { role: 'teacher', department: 'BCA' });
  mba = await signInTestUser(srv, { role: 'teacher', department: 'MBA' });
  admin = await signInTestUser(srv, { role: 'admin' });
});
afterAll(() => srv.close());

const HEADER = 'name,email,roll_number,department';
const csv = (...rows: string[]) => `${[HEADER, ...rows].join('\r\n')}\r\n`;

async function upload(path: 'preview' | 'import', text: string | Buffer, token: string) {
  const form = new FormData();
  form.append('file', new Blob([typeof text === 'string' ? text : new Uint8Array(text)], { type: 'text/csv' }), 'roster.csv');
  const res = await fetch(`${srv.url}/api/roster/${path}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  return readAnswer(res);
}

const counts = async () => ({
  users: Number(
    (
      await srv.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  invitations: await srv.db.selectFrom('roster_invitations').select(['user_id', 'token_hash', 'expires_at']).orderBy('user_id').execute(),
});

const tokenOf = (link: string) => link.split('/invite/')[1];

describe('a roster preview', () => {
  it('lists every row with its line and errors, and writes nothing', async () => {
    await createTestUser(srv.db, { role: 'teacher', email: 'mehta@school.test', department: 'BCA' });
    await createTestUser(srv.db, { role: 'student', email: 'roll7@school.test', department: 'BCA', username: 'Holder' }).then(({ id }) =>
      srv.db.updateTable('users').set({ roll_number: 'BCA-007' }).where('id', '=', id).execute(),
    );
    const before = await counts();
    const file = csv(
      'Asha,asha.r@school.test,BCA-001,BCA',
      'Ravi,not-an-email,BCA-002,BCA',
      ',noname@school.test,BCA-003,BCA',
      'Meena,meena@school.test,BCA-004,HISTORY',
      'Kiran,kiran@school.test,MBA-001,MBA',
      'Asha2,ASHA.R@school.test,BCA-005,bca',
      'Teacher,mehta@school.test,BCA-006,BCA',
      'Sunil,sunil@school.test,BCA-007,BCA',
      'Gita,gita@school.test,BCA-001,BCA',
      'Al,al@school.test,BCA-008,BCA',
      '李明,li.ming@school.test,BCA-009,BCA',
      'Holder,holder2@school.test,BCA-010,BCA',
      '"O\'Brien, Asha",obrien@school.test,BCA-011,BCA',
      'Obrien Asha,asha.ob@school.test,BCA-012,BCA',
    );
    const res = await upload('preview', file, bca.token);
    expect(res.status).toBe(200);
    const rows = res.body.rows as { line: number; username: string; outcome: string; errors: string[] }[];
    expect(rows.map((r) => [r.line, r.outcome, r.errors])).toEqual([
      [2, 'new', []],
      [3, 'error', [MSG.roster.badEmail]],
      [4, 'error', [MSG.roster.missingName]],
      [5, 'error', [MSG.roster.unknownDepartment('HISTORY')]],
      [6, 'error', [MSG.roster.otherDepartment]],
      [7, 'error', [MSG.roster.duplicateEmail(2)]],
      [8, 'error', [MSG.roster.emailOtherRole]],
      [9, 'error', [MSG.roster.rollNumberTaken('Holder')]],
      [10, 'error', [MSG.roster.duplicateRollNumber(2)]],
      [11, 'error', [MSG.roster.usernameTooShort('Al')]],
      [12, 'error', [MSG.roster.usernameTooShort('')]],
      [13, 'error', [MSG.roster.usernameTaken('Holder')]],
      [14, 'new', []],
      // usernames differing only in case read as the same person's
      [15, 'error', [MSG.roster.duplicateUsername('ObrienAsha', 14)]],
    ]);
    expect(rows.find((r) => r.line === 14)?.username).toBe('OBrienAsha');
    expect(res.body.summary).toEqual({ rows: 14, new: 2, unchanged: 0, errors: 12 });
    expect(await counts()).toEqual(before);
  });

  it('refuses a file whose header is not the roster’s, one that is not UTF-8, and one over the row or size limit', async () => {
    expect((await upload('preview', 'email,name\na@school.test,Asha\n', bca.token)).body.message).toBe(MSG.roster.badHeader);
    expect((await upload('preview', Buffer.from([0x6e, 0x61, 0xff, 0xfe, 0x0a]), bca.token)).body.message).toBe(MSG.roster.unreadable);
    const rows = (n: number) => Array.from({ length: n }, (_, i) => `Student${i},s${i}@school.test,R${i},BCA`);
    expect((await upload('preview', csv(...rows(ROSTER_MAX_ROWS + 1)), bca.token)).body.message).toBe(MSG.roster.tooManyRows(ROSTER_MAX_ROWS));
    const big = await upload('preview', csv(...rows(8000)), bca.token);
    expect(big.status).toBe(413);
    expect(big.body.message).toBe(MSG.roster.fileTooLarge(ROSTER_MAX_BYTES / 1024));
  });

  it('answers the same over tRPC, and lets an admin preview students of any department', async () => {
    const file = csv('Tara,tara@school.test,MBA-1,MBA', 'Dev,dev@school.test,IMCA-1,IMCA');
    const form = new FormData();
    form.append('file', new Blob([file], { type: 'text/csv' }), 'roster.csv');
    const viaTrpc = await trpcClient(srv.url, admin.token).teacher.previewRoster.mutate(form);
    expect(viaTrpc).toEqual((await upload('preview', file, admin.token)).body);
    expect(viaTrpc.summary).toEqual({ rows: 2, new: 2, unchanged: 0, errors: 0 });
    expect((await upload('preview', file, bca.token)).body.summary).toEqual({ rows: 2, new: 0, unchanged: 0, errors: 2 });
  });

  it('is for teachers and admins only', async () => {
    const student = await signInTestUser(srv, { role: 'student', department: 'BCA' });
    expect((await upload('preview', csv('Asha,asha.r@school.test,BCA-001,BCA'), student.token)).status).toBe(403);
  });
});

describe('a roster import', () => {
  const file = `\uFEFF${csv('Priya,priya@school.test,BCA-101,BCA', 'José Núñez-Rao,arjun@school.test,BCA-102,BCA', 'Neha,neha@school.test,,BCA')}`;
  let links: string[] = [];

  it('writes nothing while a row has an error', async () => {
    const before = await counts();
    const res = await upload('import', csv('Priya,priya@school.test,BCA-101,BCA', 'Bad,bad,BCA-102,BCA'), bca.token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.roster.fixFirst(1));
    expect(await counts()).toEqual(before);
  });

  it('creates each new student waiting for their photos, with a 7-day link, and a second upload changes nothing', async () => {
    const before = await counts();
    const res = await upload('import', file, bca.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.roster.imported(3));
    const invitations = res.body.invitations as { recipient: { email: string; name: string }; link: string; expires_at: string }[];
    expect(invitations.map((i) => i.recipient.email)).toEqual(['priya@school.test', 'arjun@school.test', 'neha@school.test']);
    // a person's name gives the username: accents folded, spaces and symbols dropped
    expect(invitations[1].recipient.name).toBe('JoseNunezRao');
    for (const i of invitations) {
      expect(i.link).toMatch(new RegExp(`^${srv.url}/invite/[A-Za-z0-9_-]{43}$`));
      expect(new Date(i.expires_at).getTime() - clock.now().getTime()).toBe(INVITATION_TTL_DAYS * 86_400_000);
    }
    links = invitations.map((i) => i.link);
    const after = await counts();
    expect(after.users).toBe(before.users + 3);
    // only a hash of each token is stored
    for (const link of links) expect(JSON.stringify(after.invitations)).not.toContain(tokenOf(link));

    const students = await srv.db
      .selectFrom('users')
      .select(['email', 'status', 'roll_number'])
      .where('email', 'in', ['priya@school.test', 'neha@school.test'])
      .orderBy('email')
      .execute();
    expect(students).toEqual([
      { email: 'neha@school.test', status: 'pending', roll_number: null },
      { email: 'priya@school.test', status: 'pending', roll_number: 'BCA-101' },
    ]);
    // not able to sign in, and not in the approvals list: there is nothing to approve until the photos come
    const login = await postJson(`${srv.url}/api/login`, { email: 'priya@school.test', password: 'Str0ng!pass' });
    expect(login.status).toBe(401);
    const pending = await getJson(`${srv.url}/api/pending_students_by_department`, bca.token);
    expect(JSON.stringify(pending.body)).not.toContain('priya@school.test');
    const priya = await srv.db.selectFrom('users').select('id').where('email', '=', 'priya@school.test').executeTakeFirstOrThrow();
    const approve = await patchJson(`${srv.url}/api/approve_students`, { user_ids: [priya.id] }, bca.token);
    expect(approve.status).toBe(409);
    // nor switched on from the administrator's user edit form: the photos activate the account
    await expect(trpcClient(srv.url, admin.token).admin.updateUser.mutate({ id: priya.id, changes: { status: 'active' } })).rejects.toThrow(
      MSG.invitations.activateWaiting,
    );
    expect(await srv.db.selectFrom('users').select('status').where('id', '=', priya.id).executeTakeFirstOrThrow()).toEqual({ status: 'pending' });

    const again = await upload('import', file, bca.token);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(MSG.roster.nothingNew);
    expect(again.body.summary).toEqual({ rows: 3, new: 0, unchanged: 3, errors: 0 });
    expect(await counts()).toEqual(after);
  });

  it('shows who has not enrolled to their own department’s teacher and to admins, and a new link voids the old one', async () => {
    const list = await getJson(`${srv.url}/api/roster/invitations`, bca.token);
    expect((list.body as { email: string; state: string }[]).map((r) => [r.email, r.state])).toEqual([
      ['priya@school.test', 'open'],
      ['arjun@school.test', 'open'],
      ['neha@school.test', 'open'],
    ]);
    expect(await getJson(`${srv.url}/api/roster/invitations`, mba.token).then((r) => r.body)).toEqual([]);
    expect((await getJson(`${srv.url}/api/roster/invitations`, admin.token)).body).toHaveLength(3);

    const neha = await srv.db.selectFrom('users').select('id').where('email', '=', 'neha@school.test').executeTakeFirstOrThrow();
    expect((await postJson(`${srv.url}/api/roster/invitations/${neha.id}/renew`, {}, mba.token)).status).toBe(403);
    const renewed = await postJson(`${srv.url}/api/roster/invitations/${neha.id}/renew`, {}, bca.token);
    expect(renewed.status).toBe(200);
    const old = links[2];
    expect((await getJson(`${srv.url}/api/invitations/${tokenOf(old)}`)).body.message).toBe(MSG.invitations.invalid);
    const details = await getJson(`${srv.url}/api/invitations/${tokenOf(renewed.body.link)}`);
    expect(details.body).toMatchObject({ name: 'Neha', email: 'neha@school.test', department: 'BCA' });
    links[2] = renewed.body.link;
  });

  describe.skipIf(!hasFixtures)('completing registration from the link', () => {
    if (!hasFixtures) console.warn(NO_FIXTURES_MESSAGE);
    const aoc = () => ['enroll_aoc_f005.jpg', 'enroll_aoc_f045.jpg', 'enroll_aoc_f070.jpg'].map((f) => readFixture('clips', f));
    const register = async (token: string, password: string, images: Buffer[]) => {
      const form = new FormData();
      form.append('password', password);
      for (const [i, img] of images.entries()) form.append('images', new Blob([new Uint8Array(img)], { type: 'image/jpeg' }), `face${i + 1}.jpg`);
      return readAnswer(await fetch(`${srv.url}/api/invitations/${token}/register`, { method: 'POST', body: form }));
    };

    it('sets the password, enrolls the face and lets the student in at once, once', async () => {
      const neha = tokenOf(links[2]);
      const res = await register(neha, 'Str0ng!pass', aoc());
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, message: MSG.invitations.done, waits_for_face_review: false });
      const user = await srv.db.selectFrom('users').select(['id', 'status', 'activated_at']).where('email', '=', 'neha@school.test').executeTakeFirstOrThrow();
      expect(user.status).toBe('active');
      expect(user.activated_at).toBe(clock.now().toISOString());
      const faces = await srv.db.selectFrom('face_enrollments').select('id').where('user_id', '=', user.id).execute();
      expect(faces).toHaveLength(3);
      const login = await postJson(`${srv.url}/api/login`, { email: 'neha@school.test', password: 'Str0ng!pass' });
      expect(login.status).toBe(200);
      // the link is spent, and the student leaves the not-enrolled list
      const again = await register(neha, 'Str0ng!pass', aoc());
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(MSG.invitations.used);
      const list = await getJson(`${srv.url}/api/roster/invitations`, bca.token);
      expect(JSON.stringify(list.body)).not.toContain('neha@school.test');
    });

    it('holds a face that looks like an enrolled account for the teacher, as a registration is', async () => {
      const { id } = await srv.db.selectFrom('users').select('id').where('email', '=', 'priya@school.test').executeTakeFirstOrThrow();
      const renewed = await postJson(`${srv.url}/api/roster/invitations/${id}/renew`, {}, bca.token);
      const res = await register(tokenOf(renewed.body.link), 'Str0ng!pass', aoc());
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ message: MSG.invitations.waitsForReview, waits_for_face_review: true });
      const user = await srv.db.selectFrom('users').select('status').where('id', '=', id).executeTakeFirstOrThrow();
      expect(user.status).toBe('pending');
      const pending = await getJson(`${srv.url}/api/pending_students_by_department`, bca.token);
      expect(JSON.stringify(pending.body)).toContain('priya@school.test');
    });
  });

  it('a link stops working after 7 days', async () => {
    const arjun = tokenOf(links[1]);
    clock.advance(INVITATION_TTL_DAYS * 86_400_000 - 1000);
    expect((await getJson(`${srv.url}/api/invitations/${arjun}`)).status).toBe(200);
    clock.advance(1000);
    const expired = await getJson(`${srv.url}/api/invitations/${arjun}`);
    expect(expired.status).toBe(409);
    expect(expired.body.message).toBe(MSG.invitations.expiredLink);
    // the teachers' tokens ran out with the week: sign in again
    const teacher = await postJson(`${srv.url}/api/login`, { email: bca.email, password: bca.password });
    bca.token = teacher.body.token;
    const list = await getJson(`${srv.url}/api/roster/invitations`, bca.token);
    expect((list.body as { email: string; state: string }[]).find((r) => r.email === 'arjun@school.test')?.state).toBe('expired');
    // a new link opens it again
    const { id } = await srv.db.selectFrom('users').select('id').where('email', '=', 'arjun@school.test').executeTakeFirstOrThrow();
    const renewed = await postJson(`${srv.url}/api/roster/invitations/${id}/renew`, {}, bca.token);
    expect((await getJson(`${srv.url}/api/invitations/${tokenOf(renewed.body.link)}`)).status).toBe(200);
  });
});
