import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { hasFixtures, NO_FIXTURES_MESSAGE, readFixture } from '@harness/face-fixtures';
import { GOOD_FIELDS, getJson, patchJson, postJson, postRegister, trpcClient } from '@harness/api-client';
import { resolveOptions } from '@server/face/index';
import { signInTestUser, startTestServer, type TestServer } from '@tests/helpers/test-server';

/**
 * Issue 34: one face, one account without locking anyone out. A registration whose face is close to another
 * account's waits for the department's teacher (never a bare 409), who compares both accounts' photos and decides.
 */
const photos = (...files: string[][]) => files.map((parts) => ({ data: readFixture(...parts) }));
const aoc = () => photos(['clips', 'enroll_aoc_f005.jpg'], ['clips', 'enroll_aoc_f045.jpg'], ['clips', 'enroll_aoc_f070.jpg']);
const mcguinness = () => photos(['clips', 'enroll_mcguinness_f003.jpg'], ['clips', 'enroll_mcguinness_f025.jpg'], ['clips', 'enroll_mcguinness_f115.jpg']);
const d0 = () => photos(['clips', 'enroll_d0_f005.jpg'], ['clips', 'enroll_d0_f030.jpg'], ['clips', 'enroll_d0_f050.jpg']);
/** Two different sets of photos of one person: jolie_1-3, then jolie_2-4. */
const jolie = (first: number) => [first, first + 1, first + 2].map((n) => ({ data: readFixture('photos', 'people', `jolie_${n}.jpg`) }));

let srv: TestServer;
let admin: { id: number; token: string };
let teacher: { id: number; token: string };
let otherTeacher: { token: string };
let student: { token: string };

beforeAll(async () => {
  srv = await startTestServer();
  admin = await signInTestUser(srv, { role: 'admin', username: 'head1' });
  teacher = await signInTestUser(srv, { role: 'teacher', department: 'BCA', username: 'mrs_bca' });
  otherTeacher = await signInTestUser(srv, { role: 'teacher', department: 'MBA' });
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

const userOf = async (email: string) => srv.db.selectFrom('users').select(['id', 'status']).where('email', '=', email).executeTakeFirstOrThrow();
const collisionsOf = (userId: number) =>
  srv.db
    .selectFrom('duplicate_faces')
    .select(['id', 'kind', 'user_id', 'matched_user_id', 'distance', 'ip', 'decision', 'decided_by', 'decided_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
type Pending = {
  id: number;
  email: string;
  face_collision: null | { id: number; distance: number; other: { id: number; username: string; image_urls: string[] } };
};
async function pendingAs(token: string): Promise<Pending[]> {
  const groups = (await getJson(`${srv.url}/api/pending_students_by_department`, token)).body as { students: Pending[] }[];
  return groups.flatMap((g) => g.students);
}
const patch = (path: string, body: unknown, token: string) => patchJson(`${srv.url}${path}`, body, token);
const decide = (id: number, decision: string, token = teacher.token) => postJson(`${srv.url}/api/face-collisions/${id}/decision`, { decision }, token);
const listAsAdmin = async () => (await getJson(`${srv.url}/api/admin/duplicate-faces?limit=100`, admin.token)).body;
const threshold = () => resolveOptions(srv.deps.config.face).searchThreshold;

describe.skipIf(!hasFixtures)('one face, one account without locking anyone out', { timeout: 240_000 }, () => {
  if (!hasFixtures) console.warn(NO_FIXTURES_MESSAGE);

  it("holds a second registration of one person for the teacher, without telling whose face it is; 'same person twice' turns it away", async () => {
    const first = await register('jolie.first@school.test', 'jolie1', jolie(1));
    expect(first.body).toMatchObject({ success: true, message: MSG.register.success });
    const firstUser = await userOf('jolie.first@school.test');

    const again = await register('Jolie.Second@School.test', 'jolie2', jolie(2));
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ success: true, message: MSG.duplicateFace.registrationWaits, waits_for_face_review: true });
    // The registrant never learns which account the face is like.
    expect(again.text).not.toMatch(/jolie\.first|jolie1|"matched|"distance/);
    const second = await userOf('jolie.second@school.test');
    expect(second.status).toBe('pending');
    const [collision] = await collisionsOf(second.id);
    expect(collision).toMatchObject({ kind: 'registration', matched_user_id: firstUser.id, decision: null });
    expect(collision.distance).toBeGreaterThan(0);
    expect(collision.distance).toBeLessThanOrEqual(threshold());
    expect(collision.ip).toMatch(/127\.0\.0\.1/);

    // The teacher sees the other account and its photos beside the waiting one; the first registration is ordinary.
    const pending = await pendingAs(teacher.token);
    const waiting = pending.find((p) => p.id === second.id)!;
    expect(waiting.face_collision).toMatchObject({ id: collision.id, other: { id: firstUser.id, username: 'jolie1' } });
    expect(waiting.face_collision!.other.image_urls).toHaveLength(3);
    const image = await fetch(`${srv.url}${waiting.face_collision!.other.image_urls[0]}`);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    expect(pending.find((p) => p.id === firstUser.id)?.face_collision).toBeNull();

    // Approving past an open collision is refused; the other student is approved as usual.
    const held = await patch('/api/approve_students', { user_ids: [second.id] }, teacher.token);
    expect(held).toMatchObject({ status: 409, body: { message: MSG.duplicateFace.decideFirst, error_code: 'face_collision_open' } });
    expect((await patch('/api/approve_students', { user_ids: [firstUser.id] }, teacher.token)).status).toBe(200);

    // Only the waiting student's own teacher or an admin decides.
    expect((await decide(collision.id, 'twins', otherTeacher.token)).status).toBe(403);
    expect((await decide(collision.id, 'twins', student.token)).status).toBe(403);
    expect((await decide(collision.id, 'maybe')).status).toBe(400);
    expect((await collisionsOf(second.id))[0].decision).toBeNull();

    const same = await decide(collision.id, 'same_person');
    expect(same).toMatchObject({ status: 200, body: { success: true, decision: 'same_person', message: MSG.duplicateFace.decided.same_person } });
    expect((await userOf('jolie.second@school.test')).status).toBe('inactive');
    const login = await postJson(`${srv.url}/api/login`, { email: 'jolie.second@school.test', password: GOOD_FIELDS.password });
    expect(JSON.stringify(login.body)).toContain(MSG.duplicateFace.sameRejectionReason);
    expect((await collisionsOf(second.id))[0]).toMatchObject({ decision: 'same_person', decided_by: teacher.id, decided_at: expect.any(String) });
    expect((await decide(collision.id, 'twins')).body).toMatchObject({ error_code: 'face_collision_decided' });

    // The rejected account's face left the search: the next registration of that face is held against the first only.
    await register('jolie.third@school.test', 'jolie3', jolie(2));
    const third = await userOf('jolie.third@school.test');
    expect((await collisionsOf(third.id)).map((c) => c.matched_user_id)).toEqual([firstUser.id]);
  });

  it("lets twins in: the teacher's decision approves the waiting registration (tRPC doors)", async () => {
    expect((await register('aoc.one@school.test', 'aoc1', aoc())).status).toBe(201);
    const res = await registerViaTrpc('aoc.two@school.test', 'aoc2', aoc());
    expect(res.status).toBe(200);
    expect(res.body.result.data).toEqual({ success: true, message: MSG.duplicateFace.registrationWaits, waits_for_face_review: true });
    expect(res.text).not.toMatch(/aoc\.one|aoc1/);
    const twin = await userOf('aoc.two@school.test');
    const [collision] = await collisionsOf(twin.id);
    const decided = await trpcClient(srv.url, teacher.token).teacher.decideFaceCollision.mutate({ collision_id: collision.id, decision: 'twins' });
    expect(decided).toEqual({ success: true, decision: 'twins', message: MSG.duplicateFace.decided.twins });
    expect((await userOf('aoc.two@school.test')).status).toBe('active');
    expect((await pendingAs(teacher.token)).map((p) => p.id)).not.toContain(twin.id);
  });

  it('does not let a squatter keep the real student out: rejecting the squatter clears the collision, and the student is approved as usual', async () => {
    // Someone registers first with the student's photos (a squatter, still pending).
    expect((await register('squatter@school.test', 'squat', mcguinness())).status).toBe(201);
    const squatter = await userOf('squatter@school.test');
    const victimRes = await register('real.student@school.test', 'realone', mcguinness());
    expect(victimRes.body.message).toBe(MSG.duplicateFace.registrationWaits);
    const victim = await userOf('real.student@school.test');
    expect((await pendingAs(teacher.token)).find((p) => p.id === victim.id)?.face_collision?.other.id).toBe(squatter.id);

    expect((await patch('/api/reject_students', { user_ids: [squatter.id], reason: 'Not this student' }, teacher.token)).status).toBe(200);
    expect((await pendingAs(teacher.token)).find((p) => p.id === victim.id)?.face_collision).toBeNull();
    const [collision] = await collisionsOf(victim.id);
    expect((await decide(collision.id, 'lookalikes')).body).toMatchObject({ error_code: 'face_collision_closed' });
    expect((await patch('/api/approve_students', { user_ids: [victim.id] }, teacher.token)).status).toBe(200);
    expect((await userOf('real.student@school.test')).status).toBe('active');
  });

  it('lists every collision for the admin with both accounts and how it was decided; only admins see it', async () => {
    const list = await listAsAdmin();
    const byEmail = (email: string) => list.data.find((r: { email: string }) => r.email === email);
    expect(byEmail('jolie.second@school.test')).toMatchObject({
      kind: 'registration',
      state: 'same_person',
      decided_by: 'mrs_bca',
      matched: { username: 'jolie1' },
    });
    expect(byEmail('jolie.third@school.test')).toMatchObject({ state: 'waiting', waiting: { username: 'jolie3', status: 'pending' } });
    expect(byEmail('aoc.two@school.test')).toMatchObject({ state: 'twins', waiting: { status: 'active' } });
    expect(byEmail('real.student@school.test')).toMatchObject({ state: 'cleared', matched: { username: 'squat', status: 'inactive' } });
    expect(byEmail('aoc.two@school.test').waiting.image_urls).toHaveLength(3);
    expect(byEmail('aoc.two@school.test').matched.image_urls).toHaveLength(3);
    for (const token of [teacher.token, student.token]) expect((await getJson(`${srv.url}/api/admin/duplicate-faces`, token)).status).toBe(403);
    // The admin decides too.
    const third = byEmail('jolie.third@school.test');
    expect((await decide(third.id, 'lookalikes', admin.token)).status).toBe(200);
    expect((await userOf('jolie.third@school.test')).status).toBe('active');
  });

  it('holds one of two registrations of one face sent at the same moment: never two accounts of one face unseen', async () => {
    const [a, b] = await Promise.all([register('d0.a@school.test', 'd0a', d0()), registerViaTrpc('d0.b@school.test', 'd0b', d0())]);
    expect([a.status, b.status]).toEqual([201, 200]);
    const users = [await userOf('d0.a@school.test'), await userOf('d0.b@school.test')];
    const held = await Promise.all(users.map((u) => collisionsOf(u.id)));
    // The registry lock orders them: the later one finds the earlier.
    expect(held.map((c) => c.length).sort()).toEqual([0, 1]);
    const [later, earlier] = held[0].length ? [users[0], users[1]] : [users[1], users[0]];
    expect((await collisionsOf(later.id))[0].matched_user_id).toBe(earlier.id);
  });
});
