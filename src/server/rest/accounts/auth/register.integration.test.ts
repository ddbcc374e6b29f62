import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { hasFixtures, NO_FIXTURES_MESSAGE, readFixture } from '@harness/face-fixtures';
import { GOOD_FIELDS, plainJpeg, postRegister } from '@harness/api-client';
import { countRows, createTestUser, startTestServer, type TestServer } from '@tests/helpers/test-server';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

const countUsers = () => countRows(srv.db.selectFrom('users'));
const uploadedFiles = () => {
  const dir = path.join(srv.dataDir, 'uploads', 'faces');
  return fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).length : 0;
};

async function expectRefused(fields: Record<string, string>, images: { data: Buffer; name?: string; type?: string }[], message: string | RegExp) {
  const before = await countUsers();
  const res = await postRegister(srv.url, fields, images);
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(res.body.success).toBe(false);
  if (typeof message === 'string') expect(res.body.message).toBe(message);
  else expect(res.body.message).toMatch(message);
  expect(await countUsers()).toBe(before);
  expect(uploadedFiles()).toBe(0);
  return res;
}

describe('POST /api/register refuses bad input and writes nothing', async () => {
  const blank = await plainJpeg();
  const three = [{ data: blank }, { data: blank }, { data: blank }];

  it.each([
    ['username', { username: 'ab' }, MSG.validation.username],
    ['username with symbols', { username: 'bad name!' }, MSG.validation.username],
    ['email', { email: 'not-an-email' }, MSG.validation.email],
    ['email over 254 characters', { email: `${'a'.repeat(243)}@school.test` }, MSG.validation.emailTooLong],
    ['phone', { phone_number: '12345' }, MSG.validation.phone],
    ['password', { password: 'weakpass' }, MSG.validation.password],
    ['department', { department_name: 'HISTORY' }, MSG.validation.department],
    ['role admin is not registrable', { role: 'admin' }, MSG.validation.role],
  ])('bad %s', async (_name, override, message) => {
    const res = await expectRefused({ ...GOOD_FIELDS, ...override }, three, message);
    expect(res.status).toBe(400);
  });

  it('a missing department says so', async () => {
    const { department_name: _, ...rest } = GOOD_FIELDS;
    await expectRefused(rest, three, MSG.validation.department);
  });

  it('needs exactly three images', async () => {
    await expectRefused(GOOD_FIELDS, three.slice(0, 2), MSG.validation.imagesRequired);
    await expectRefused(GOOD_FIELDS, [...three, { data: blank }], MSG.validation.imagesRequired);
  });

  it('refuses a file that is not a JPEG or PNG, naming it', async () => {
    const text = { data: Buffer.from('this is not an image'), name: 'face2.jpg' };
    await expectRefused(GOOD_FIELDS, [three[0], text, three[2]], MSG.register.badImage(2));
  });

  it('refuses a truncated JPEG', async () => {
    const cut = { data: blank.subarray(0, Math.floor(blank.length / 2)) };
    await expectRefused(GOOD_FIELDS, [three[0], three[1], cut], MSG.register.badImage(3));
  });

  it('refuses an image over 2 MB', async () => {
    const big = { data: Buffer.concat([blank, Buffer.alloc(2 * 1024 * 1024)]) };
    const res = await expectRefused(GOOD_FIELDS, [three[0], big, three[2]], MSG.register.imagesTooLarge);
    expect(res.status).toBe(400);
  });

  it('refuses an email already taken, whatever its case', async () => {
    await createTestUser(srv.db, { role: 'teacher', email: 'taken@school.test' });
    const res = await expectRefused({ ...GOOD_FIELDS, email: 'Taken@School.test' }, three, MSG.register.emailTaken);
    expect(res.status).toBe(409);
  });

  it("refuses images with no face, naming the image ('No face detected')", async () => {
    const res = await expectRefused(GOOD_FIELDS, three, /No face detected/);
    expect(res.body.message).toMatch(/image 1/i);
  });
});

describe.skipIf(!hasFixtures)('POST /api/register with real faces', () => {
  if (!hasFixtures) console.warn(NO_FIXTURES_MESSAGE);
  // Read inside the tests: a describe body runs even when the suite is skipped.
  const aocImages = () => ['enroll_aoc_f005.jpg', 'enroll_aoc_f045.jpg', 'enroll_aoc_f070.jpg'].map((f) => ({ data: readFixture('clips', f) }));

  it('creates a pending student with three enrolled images and descriptors', async () => {
    const aoc = aocImages();
    const res = await postRegister(srv.url, { ...GOOD_FIELDS, email: 'Real.Face@School.test' }, aoc);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: MSG.register.success });
    expect(res.text).not.toContain('argon2');
    const user = await srv.db
      .selectFrom('users')
      .select(['id', 'status', 'role', 'email', 'password_hash'])
      .where('email', '=', 'real.face@school.test')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ status: 'pending', role: 'student' });
    const params = /^\$argon2id\$v=19\$m=(\d+),p=1,t=(\d+)\$/.exec(user.password_hash);
    expect(Number(params?.[1])).toBeGreaterThanOrEqual(19_456);
    expect(Number(params?.[2])).toBeGreaterThanOrEqual(2);
    const enrollments = await srv.db.selectFrom('face_enrollments').select(['image_path', 'embedding']).where('user_id', '=', user.id).execute();
    expect(enrollments).toHaveLength(3);
    for (const e of enrollments) {
      expect(fs.existsSync(path.join(srv.dataDir, 'uploads', e.image_path))).toBe(true);
      expect(e.embedding!.length).toBeGreaterThan(100);
    }
    const template = await srv.db.selectFrom('face_templates').select('mean_embedding').where('user_id', '=', user.id).executeTakeFirst();
    expect(template?.mean_embedding.length).toBeGreaterThan(100);

    const again = await postRegister(srv.url, { ...GOOD_FIELDS, email: 'real.face@school.test' }, aoc);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG.register.emailTaken);
  });

  it('refuses a group photo as an enrollment image', async () => {
    const aoc = aocImages();
    const group = { data: readFixture('photos', 'bbt', 'group_6_faces.jpg') };
    const res = await postRegister(srv.url, { ...GOOD_FIELDS, email: 'group@school.test' }, [aoc[0], group, aoc[2]]);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/No face detected/);
    expect(res.body.message).toMatch(/image 2/i);
  });
});
