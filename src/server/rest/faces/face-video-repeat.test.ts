import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareFaceVideo } from '@harness/enrolled-student';
import { hasFixtures, NO_FIXTURES_MESSAGE, readFixture } from '@harness/face-fixtures';
import { signInTestUser, startTestServer, type TestServer } from '@tests/helpers/test-server';
import { enrollFacesOfUser } from '@server/services/faces/index';

/**
 * Issue 20, "Same upload, same verdict": the same genuine clip uploaded again and again over HTTP, one upload at a
 * time, to one server, gets the same verdict every time (reason, blinks and distance), with one face worker and with
 * four, and the same with both. An upload is the blink-only check (FACE_CHALLENGE=off): with the challenge on, the
 * upload doors answer 409 and the live check is judged from its stream, whose same-stream-same-verdict test is
 * src/server/services/faces/check/live-stream-replay.test.ts. Named to run once, on SQLite; the database plays no part.
 * Two uploads a clip with four workers, where the frames are split among them, prove the verdict does not move from one
 * upload to the next, and one with a single worker that it does not move with the split (18 checks); how many times
 * in a row it holds is a benchmark: `npm run bench:face-repeat -- --clip d0 --runs 20 --workers 4` (docs/benchmarks.md).
 */
const PEOPLE = {
  aoc: ['f005', 'f045', 'f070'].map((f) => ['clips', `enroll_aoc_${f}.jpg`]),
  d0: ['f005', 'f030', 'f050'].map((f) => ['clips', `enroll_d0_${f}.jpg`]),
  p1: ['src5', 'src176', 'src181'].map((f) => ['challenge', `enroll_p1_${f}.jpg`]),
  p3: ['src185', 'src192', 'src200'].map((f) => ['challenge', `enroll_p3_${f}.jpg`]),
};
type Person = keyof typeof PEOPLE;
/** The genuine clips: the blink clips the fixtures' README marks accepted, and the challenge clips (still and turning). */
const CLIPS: { clip: string[]; person: Person }[] = [
  { clip: ['clips', 'aoc_3blinks_3s.webm'], person: 'aoc' },
  { clip: ['clips', 'd0_man_1blink_3s.webm'], person: 'd0' },
  { clip: ['challenge', 'c03_p1_still_blink.webm'], person: 'p1' },
  { clip: ['challenge', 'c09_p3_still_blink.webm'], person: 'p3' },
  { clip: ['challenge', 'c01_p1_left_blink.webm'], person: 'p1' },
  { clip: ['challenge', 'c02_p1_right_blink.webm'], person: 'p1' },
];
const name = (c: (typeof CLIPS)[number]) => c.clip[1];

/** Each clip's answer and stored verdict (the same on every upload), by worker count. */
const answers = new Map<number, Map<string, unknown[]>>();

describe.skipIf(!hasFixtures)('the same upload gets the same verdict', () => {
  if (!hasFixtures) console.warn(NO_FIXTURES_MESSAGE);

  describe.each([
    [4, 2],
    [1, 1],
  ])('with %i face workers', (workers, uploads) => {
    let srv: TestServer;
    const students = new Map<Person, { id: number; token: string }>();
    beforeAll(async () => {
      // one account is checked up to 6 times in a minute here; the per-minute limit has its own test
      srv = await startTestServer({ env: { FACE_WORKERS: String(workers), FACE_CHECKS_PER_MINUTE: '600', FACE_CHALLENGE: 'off' } });
      for (const person of new Set(CLIPS.map((c) => c.person))) {
        const student = await signInTestUser(srv, { role: 'student', department: 'BCA' });
        // enrolled as the seed enrolls (registration would refuse p1 as a duplicate of d0: face-api finds them alike)
        const photos = PEOPLE[person].map((p) => readFixture(...p));
        await enrollFacesOfUser(
          srv.deps,
          student.id,
          photos.map((buffer) => ({ buffer, size: buffer.length })),
        );
        students.set(person, student);
      }
      if (!answers.has(workers)) answers.set(workers, new Map());
    }, 300_000);
    afterAll(() => srv?.close());

    it.each(CLIPS.map((c) => [name(c), c] as const))(
      `%s uploaded ${uploads === 1 ? 'once' : `${uploads} times, one at a time: ${uploads} identical verdicts`}`,
      async (clipName, c) => {
        const video = readFixture(...c.clip);
        const student = students.get(c.person)!;
        const got: unknown[] = [];
        for (let i = 0; i < uploads; i++) {
          const res = await compareFaceVideo(srv, student.token, video);
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          got.push(res.body);
        }
        // the distance to the enrollment is not in the answer: the server stores it with each attempt
        const stored = await srv.db
          .selectFrom('face_verifications')
          .select(['verdict', 'reason', 'blink_count', 'similarity'])
          .where('user_id', '=', student.id)
          .orderBy('id', 'desc')
          .limit(uploads)
          .execute();
        const tally = new Map<string, number>();
        for (const v of stored) tally.set(JSON.stringify(v), (tally.get(JSON.stringify(v)) ?? 0) + 1);
        console.log(`${workers} workers, ${clipName}: ${[...tally].map(([v, n]) => `${v} x${n}`).join(', ')}`);
        answers.get(workers)!.set(clipName, [got[0], stored[0]]);
        expect(stored).toEqual(Array(uploads).fill(stored[0]));
        expect(got).toEqual(Array(uploads).fill(got[0]));
        // the README's accepted blink clips stay accepted
        if (c.clip[0] === 'clips') expect(stored[0]).toMatchObject({ verdict: 'accepted', reason: 'accepted' });
      },
      600_000,
    );
  });

  it('gives each clip the same verdict with one worker as with four', () => {
    const [one, four] = [answers.get(1), answers.get(4)];
    expect(one?.size).toBe(CLIPS.length);
    for (const c of CLIPS) expect(four!.get(name(c)), name(c)).toEqual(one!.get(name(c)));
  });
});
