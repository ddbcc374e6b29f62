import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { fixture, hasFixtures, NO_FIXTURES_MESSAGE, readFixture } from '@harness/face-fixtures';
import { GOOD_FIELDS, getJson, postJson, postRegister } from '@harness/api-client';
import { countRows, signInTestUser, startTestServer, type TestServer } from '@tests/helpers/test-server';

/**
 * Issue 34 on many real people: the 51 strangers of `identities/` register one after another and none is held as
 * another's face; then two different men the recognizer once took for one (p1 of `challenge/`, d0 of `clips/`) are
 * told apart by the teacher: the second waits (the 1:N search flags lookalikes for a person to decide) and the
 * teacher's decision lets him in.
 */
const hasIdentities = hasFixtures && fs.existsSync(fixture('identities'));
const people = hasIdentities
  ? fs
      .readdirSync(fixture('identities'))
      .filter((d) => /^\d+$/.test(d))
      .sort()
  : [];
/** Registration takes three photos; each stranger has two (neutral, smiling), so the neutral one serves twice. */
const photosOf = (id: string) => ['03', '08', '03'].map((n) => ({ data: readFixture('identities', id, `${id}_${n}.jpg`) }));
const p1 = () => ['src5', 'src176', 'src181'].map((s) => ({ data: readFixture('challenge', `enroll_p1_${s}.jpg`) }));
const d0 = () => ['f005', 'f030', 'f050'].map((f) => ({ data: readFixture('clips', `enroll_d0_${f}.jpg`) }));

let srv: TestServer;
let teacher: { token: string };
beforeAll(async () => {
  // A whole class registers from the school's one network in an hour: more than the default 30.
  srv = await startTestServer({ env: { REGISTER_MAX_PER_HOUR: '200' } });
  teacher = await signInTestUser(srv, { role: 'teacher', department: 'BCA' });
});
afterAll(() => srv.close());

const register = (email: string, images: { data: Buffer }[]) =>
  postRegister(srv.url, { ...GOOD_FIELDS, email, username: email.split('@')[0].replace(/\W/g, '') }, images);
const collisions = () => countRows(srv.db.selectFrom('duplicate_faces'));

describe.skipIf(!hasIdentities)('one face, one account over many real people', { timeout: 600_000 }, () => {
  if (!hasIdentities) console.warn(NO_FIXTURES_MESSAGE);

  it(`registers the ${people.length} strangers of identities/ one after another with no collision`, async () => {
    expect(people.length).toBeGreaterThanOrEqual(50);
    for (const id of people) {
      const res = await register(`person${id}@school.test`, photosOf(id));
      expect([id, res.status, res.body.message]).toEqual([id, 201, MSG.register.success]);
    }
    expect(await collisions()).toBe(0);
  });

  it("holds d0 after p1 for the teacher instead of refusing him, and the teacher's decision lets him in", async () => {
    expect((await register('pone@school.test', p1())).body.message).toBe(MSG.register.success);
    const res = await register('dzero@school.test', d0());
    expect([res.status, res.body.message]).toEqual([201, MSG.duplicateFace.registrationWaits]);
    const groups = (await getJson(`${srv.url}/api/pending_students_by_department`, teacher.token)).body as {
      students: { email: string; face_collision: { id: number; other: { username: string } } | null }[];
    }[];
    const waiting = groups.flatMap((g) => g.students).find((s) => s.email === 'dzero@school.test')!;
    expect(waiting.face_collision?.other.username).toBe('pone');
    const decided = await postJson(`${srv.url}/api/face-collisions/${waiting.face_collision!.id}/decision`, { decision: 'lookalikes' }, teacher.token);
    expect(decided.body).toMatchObject({ success: true, decision: 'lookalikes' });
    const d0User = await srv.db.selectFrom('users').select('status').where('email', '=', 'dzero@school.test').executeTakeFirstOrThrow();
    expect(d0User.status).toBe('active');
  });
});
