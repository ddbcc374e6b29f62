import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { hasFixtures, NO_FIXTURES_MESSAGE, readFixture } from '../../../../tests/helpers/fixtures';
import { GOOD_FIELDS, getJson, postJson, postRegister } from '../../../../tests/helpers/http';
import { signInTestUser, startTestServer, type TestServer } from '../../../../tests/helpers/test-server';

/** Issue 18 section 2: one face, one account, and the admin's leave for twins. */
const photos = (...files: string[][]) => files.map((parts) => ({ data: readFixture(...parts) }));
const aoc = () => photos(['clips', 'enroll_aoc_f005.jpg'], ['clips', 'enroll_aoc_f045.jpg'], ['clips', 'enroll_aoc_f070.jpg']);
const d0 = () => photos(['clips', 'enroll_d0_f005.jpg'], ['clips', 'enroll_d0_f030.jpg'], ['clips', 'enroll_d0_f050.jpg']);
const mcguinness = () => photos(['clips', 'enroll_mcguinness_f003.jpg'], ['clips', 'enroll_mcguinness_f025.jpg'], ['clips', 'enroll_mcguinness_f115.jpg']);
/** Two different sets of photos of one person: jolie_1-3, then jolie_2-4. */
const jolie = (first: number) => [first, first + 1, first + 2].map((n) => ({ data: readFixture('photos', 'people', `jolie_${n}.jpg`) }));

let srv: TestServer;
let admin: { id: number; token: string };
let teacher: { token: string };
let student: { token: string };

beforeAll(async () => {
  srv = await startTestServer();
  admin = await signInTestUser(srv, { role: 'admin', username: 'head1' });
  teacher = await signInTestUser(srv, { role: 'teacher', department: 'BCA' });
  student = await signInTestUser(srv, { role: 'student', department: 'BCA' });
});
afterAll(() => srv.close());

const register = (email: string, username: string, images: { data: Buffer }[]) => postRegister(srv.url, { ...GOOD_FIELDS, email, username }, images);

/** The tRPC door, as the browser's FormData reaches it. */
async function registerViaTrpc(email: string, username: string, images: { data: Buffer }[]) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...GOOD_FIELDS, email, username })) form.append(k, v);
  for (const [i, img] of images.entries()) form.append('images', new Blob([new Uint8Array(img.data)], { type: 'image/jpeg' }), `face${i + 1}.jpg`);
  const res = await fetch(`${srv.url}/trpc/auth.register`, { method: 'POST', body: form });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) };
}

const userIdOf = async (email: string) => (await srv.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst())?.id;
const countOf = async (table: 'users' | 'face_templates' | 'face_enrollments') =>
  Number(
    (
      await srv.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const uploadFolders = () => {
  const dir = path.join(srv.dataDir, 'uploads', 'faces');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};
const refusalsFor = (email: string) =>
  srv.db
    .selectFrom('duplicate_faces')
    .select(['id', 'email', 'username', 'matched_user_id', 'distance', 'ip', 'created_at', 'allowed_by', 'allowed_at', 'used_by_user_id', 'used_at'])
    .where('email', '=', email)
    .orderBy('id')
    .execute();
const listAsAdmin = async () => (await getJson(`${srv.url}/api/admin/duplicate-faces?limit=100`, admin.token)).body;
const allow = (id: number, token = admin.token) => postJson(`${srv.url}/api/admin/duplicate-faces/${id}/allow`, {}, token);

/** Everything the database and the uploads folder hold, to show a refusal wrote nothing but its record. */
async function snapshot() {
  return {
    users: await countOf('users'),
    templates: await countOf('face_templates'),
    enrollments: await countOf('face_enrollments'),
    folders: uploadFolders(),
  };
}

describe.skipIf(!hasFixtures)('one face, one account', { timeout: 240_000 }, () => {
  if (!hasFixtures) console.warn(NO_FIXTURES_MESSAGE);

  it('refuses a second account for the same person (other photos of them), writes nothing and records the refusal; another person is accepted', async () => {
    expect((await register('jolie.first@school.test', 'jolie1', jolie(1))).status).toBe(201);
    const first = await userIdOf('jolie.first@school.test');
    const before = await snapshot();

    const again = await register('Jolie.Second@School.test', 'jolie2', jolie(2));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, message: MSG.duplicateFace.refused, error_code: 'duplicate_face' });
    // The registrant never learns which account holds the face.
    expect(again.text).not.toMatch(/jolie\.first|jolie1|"matched|"distance/);
    expect(await snapshot()).toEqual(before);
    expect(await userIdOf('jolie.second@school.test')).toBeUndefined();

    const [refusal] = await refusalsFor('jolie.second@school.test');
    expect(refusal).toMatchObject({ username: 'jolie2', matched_user_id: first, allowed_at: null, used_at: null });
    expect(refusal.distance).toBeGreaterThan(0);
    expect(refusal.distance).toBeLessThanOrEqual(srv.deps.config.face.threshold ?? 0.5);
    expect(refusal.ip).toMatch(/127\.0\.0\.1/);
    expect(Number.isNaN(Date.parse(refusal.created_at))).toBe(false);

    const other = await register('d0@school.test', 'dzero', d0());
    expect(other.status).toBe(201);
    expect(await snapshot()).toMatchObject({ users: before.users + 1, templates: before.templates + 1 });
  });

  it('refuses the same face through tRPC auth.register too, with the same message and code', async () => {
    expect((await register('aoc.one@school.test', 'aoc1', aoc())).status).toBe(201);
    const before = await snapshot();
    const res = await registerViaTrpc('aoc.two@school.test', 'aoc2', aoc());
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ message: MSG.duplicateFace.refused, data: { code: 'CONFLICT', errorCode: 'duplicate_face' } });
    expect(res.text).not.toMatch(/aoc\.one|aoc1/);
    expect(await snapshot()).toEqual(before);
    expect(await refusalsFor('aoc.two@school.test')).toEqual([expect.objectContaining({ matched_user_id: await userIdOf('aoc.one@school.test') })]);
  });

  it("lets exactly one registration through after an admin's allowance, for that email only, and records who and when", async () => {
    const twinA = await userIdOf('jolie.first@school.test');
    const [refusal] = await refusalsFor('jolie.second@school.test');

    // What the admin compares: the attempt and the matched account with its enrolled photos.
    const list = await listAsAdmin();
    const row = list.data.find((r: { id: number }) => r.id === refusal.id);
    expect(row).toMatchObject({
      email: 'jolie.second@school.test',
      username: 'jolie2',
      state: 'waiting',
      matched: { id: twinA, email: 'jolie.first@school.test' },
    });
    expect(row.matched.image_urls).toHaveLength(3);
    const image = await fetch(`${srv.url}${row.matched.image_urls[0]}`);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/jpeg']);

    // Non-admins can neither see the refusals nor let one through.
    for (const token of [teacher.token, student.token]) {
      expect((await getJson(`${srv.url}/api/admin/duplicate-faces`, token)).status).toBe(403);
      expect((await allow(refusal.id, token)).status).toBe(403);
    }
    expect((await refusalsFor('jolie.second@school.test'))[0].allowed_at).toBeNull();

    const allowed = await allow(refusal.id);
    expect(allowed.status).toBe(200);
    expect((await allow(refusal.id)).body).toMatchObject({ success: false, message: MSG.duplicateFace.alreadyAllowed });
    expect((await refusalsFor('jolie.second@school.test'))[0]).toMatchObject({ allowed_by: admin.id, allowed_at: expect.any(String), used_at: null });

    // The allowance is for that email: the same face under another email is still refused.
    expect((await register('jolie.third@school.test', 'jolie3', jolie(2))).status).toBe(409);

    const through = await registerViaTrpc('jolie.second@school.test', 'jolie2', jolie(2));
    expect(through.status).toBe(200);
    const twinB = await userIdOf('jolie.second@school.test');
    expect(await srv.db.selectFrom('users').select('status').where('id', '=', twinB!).executeTakeFirst()).toEqual({ status: 'pending' });
    expect((await refusalsFor('jolie.second@school.test'))[0]).toMatchObject({ used_by_user_id: twinB, used_at: expect.any(String) });
    expect((await listAsAdmin()).data.find((r: { id: number }) => r.id === refusal.id)).toMatchObject({
      state: 'used',
      allowed_by: 'head1',
      used_by: { id: twinB, email: 'jolie.second@school.test' },
    });

    // Served once: with the account deleted and its email free again, the same email and face are refused again.
    const del = await postJson(`${srv.url}/api/admin/users/${twinB}/manage`, { confirm: true, cascade_delete: true }, admin.token);
    expect(del.status).toBe(200);
    const retry = await register('jolie.second@school.test', 'jolie2', jolie(2));
    expect([retry.status, retry.body.error_code]).toEqual([409, 'duplicate_face']);
    expect(await refusalsFor('jolie.second@school.test')).toHaveLength(2);
  });

  it('lets only one of two registrations of one face sent at the same moment through', async () => {
    const before = await snapshot();
    const [a, b] = await Promise.all([register('mcg.a@school.test', 'mcga', mcguinness()), registerViaTrpc('mcg.b@school.test', 'mcgb', mcguinness())]);
    // REST accepts with 201, tRPC with 200; both refuse with 409.
    const outcomes = [a.status === 201 ? 'accepted' : a.status, b.status === 200 ? 'accepted' : b.status];
    expect(outcomes.sort()).toEqual([409, 'accepted']);
    expect(await snapshot()).toMatchObject({ users: before.users + 1, templates: before.templates + 1 });
    const refused = a.status === 201 ? 'mcg.b@school.test' : 'mcg.a@school.test';
    expect(await refusalsFor(refused)).toHaveLength(1);
  });
});
