import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { hasFixtures, readFixture } from '@harness/face-fixtures';
import { getJson, plainJpeg } from '@harness/api-client';
import { signInTestUser, startTestServer, type TestServer } from '@tests/helpers/test-server';

let srv: TestServer;

async function putUpdate(id: number, token: string, fields: Record<string, string>, images: Buffer[] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [i, img] of images.entries()) form.append('images', new Blob([new Uint8Array(img)], { type: 'image/jpeg' }), `face${i + 1}.jpg`);
  const res = await fetch(`${srv.url}/api/update/${id}`, { method: 'PUT', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: await res.json() };
}

/** A student with an existing (stand-in) enrollment: one file on disk and its row. */
async function enrolledStudent() {
  const s = await signInTestUser(srv, { role: 'student', department: 'BCA' });
  const rel = `faces/${s.id}/old.jpg`;
  fs.mkdirSync(path.join(srv.deps.config.uploadsDir, 'faces', String(s.id)), { recursive: true });
  fs.writeFileSync(path.join(srv.deps.config.uploadsDir, rel), await plainJpeg());
  await srv.db.insertInto('face_enrollments').values({ user_id: s.id, image_path: rel, captured_at: new Date().toISOString() }).execute();
  return { ...s, rel };
}
const enrollmentsOf = (id: number) => srv.db.selectFrom('face_enrollments').select('image_path').where('user_id', '=', id).execute();

beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

describe('/update-user: GET /api/user/{id} and PUT /api/update/{id}', () => {
  it('is open to the user themself and to admins only', async () => {
    const s = await enrolledStudent();
    const other = await signInTestUser(srv, { role: 'student', department: 'BCA' });
    const admin = await signInTestUser(srv, { role: 'admin' });
    const own = await getJson(`${srv.url}/api/user/${s.id}`, s.token);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: s.id, username: s.username, faceEnrollment: { image_urls: [expect.stringMatching(/^\/api\/face-images\/\d+\?/)] } });
    expect((await getJson(`${srv.url}/api/user/${s.id}`, other.token)).status).toBe(403);
    expect((await getJson(`${srv.url}/api/user/${s.id}`)).status).toBe(401);
    expect((await getJson(`${srv.url}/api/user/${s.id}`, admin.token)).status).toBe(200);
    expect((await putUpdate(s.id, other.token, { username: 'hijack1' })).status).toBe(403);
    const ok = await putUpdate(s.id, admin.token, { username: 'renamed2', phone_number: '9123456780' });
    expect([ok.status, ok.body.images_replaced]).toEqual([200, false]);
    expect(await srv.db.selectFrom('users').select(['username', 'phone_number']).where('id', '=', s.id).executeTakeFirstOrThrow()).toEqual({
      username: 'renamed2',
      phone_number: '9123456780',
    });
    expect((await putUpdate(s.id, s.token, { username: 'x' })).body.message).toBe(MSG.validation.username);
    expect((await putUpdate(s.id, s.token, {}, [await plainJpeg()])).body.message).toBe(MSG.admin.imagesNeedThree);
  });

  it.skipIf(!hasFixtures)("turns a student's three new images into a request only when all of them pass the face engine", { timeout: 180_000 }, async () => {
    const s = await enrolledStudent();
    const faces = ['enroll_aoc_f005.jpg', 'enroll_aoc_f045.jpg', 'enroll_aoc_f070.jpg'].map((f) => readFixture('clips', f));
    const refused = await putUpdate(s.id, s.token, { username: 'newname1' }, [faces[0], faces[1], await plainJpeg()]);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('No face detected');
    // Nothing changed: not the name, not the enrollment, not the files, and nothing waits for the teacher.
    expect((await srv.db.selectFrom('users').select('username').where('id', '=', s.id).executeTakeFirstOrThrow()).username).toBe(s.username);
    expect(await enrollmentsOf(s.id)).toEqual([{ image_path: s.rel }]);
    expect(fs.readdirSync(path.join(srv.deps.config.uploadsDir, 'faces', String(s.id)))).toEqual(['old.jpg']);
    expect(await srv.db.selectFrom('face_changes').select('id').where('user_id', '=', s.id).execute()).toEqual([]);

    // The name changes at once; the photos wait for the teacher, the enrolled one still in place.
    const done = await putUpdate(s.id, s.token, { username: 'newname1' }, faces);
    expect(done).toEqual({ status: 200, body: { success: true, message: MSG.faceChange.waiting, images_replaced: false, face_change: 'pending' } });
    expect((await srv.db.selectFrom('users').select('username').where('id', '=', s.id).executeTakeFirstOrThrow()).username).toBe('newname1');
    expect(await enrollmentsOf(s.id)).toEqual([{ image_path: s.rel }]);
    expect(await srv.db.selectFrom('face_templates').select('user_id').where('user_id', '=', s.id).executeTakeFirst()).toBeUndefined();
    const stored = fs.readdirSync(path.join(srv.deps.config.uploadsDir, 'faces', String(s.id))).sort();
    expect(stored).toEqual([expect.stringMatching(/^change-1-\w+\.jpg$/), expect.stringMatching(/^change-2-/), expect.stringMatching(/^change-3-/), 'old.jpg']);
    expect((await getJson(`${srv.url}/api/user/${s.id}`, s.token)).body.pending_face_change).toEqual({ requested_at: expect.any(String) });
  });
  it("counts a student's photo uploads per hour before the engine sees them; an admin is not held back", async () => {
    const s = await enrolledStudent();
    const admin = await signInTestUser(srv, { role: 'admin' });
    const notImages = [0, 1, 2].map((i) => Buffer.from(`not an image ${i}`));
    // Five uploads an hour are refused for what they hold (nothing usable here); the sixth is refused unread.
    for (let i = 0; i < 5; i++) expect((await putUpdate(s.id, s.token, {}, notImages)).status).toBe(400);
    const sixth = await putUpdate(s.id, s.token, {}, notImages);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ message: MSG.faceChange.tooMany, error_code: 'too_many_face_changes' });
    // Names and phone numbers are not photos: still changed at once.
    expect((await putUpdate(s.id, s.token, { username: 'stillfree1' })).status).toBe(200);
    expect((await putUpdate(s.id, admin.token, {}, notImages)).status).toBe(400);
    expect(await enrollmentsOf(s.id)).toEqual([{ image_path: s.rel }]);
  });
});
