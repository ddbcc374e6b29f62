import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, hasFixtures, NO_FIXTURES_MESSAGE } from '../helpers/fixtures';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { hasChromium, openPage } from './support/browser';
import { launchWithCamera } from './support/camera-browser';
import { attemptFaceCheck, keepUploadedVideo } from './support/face-attempts';
import { login, registerViaApi } from './support/journey';

if (hasChromium && !hasFixtures) console.warn(NO_FIXTURES_MESSAGE);

const PASSWORD = 'Str0ng!pass';
const ATTEMPTS = 20;
/** Issue 11: at most 1 refusal in 20 genuine attempts through the browser. */
const MAX_REFUSALS = 1;
/** The fake camera loops its 3.000-s clip. */
const CLIP_MS = 3_000;

const PEOPLE = {
  d0: { clip: 'd0_man_1blink_3s.y4m', enroll: ['f005', 'f030', 'f050'] },
  aoc: { clip: 'aoc_3blinks_3s.y4m', enroll: ['f005', 'f045', 'f070'] },
} as const;

/** An active student of BCA enrolled with the person's three stills (registered over HTTP, approved in the db). */
async function enrolledStudent(server: TestServer, who: keyof typeof PEOPLE) {
  const user = { username: `${who}genuine`, email: `${who}.genuine@school.test`, password: PASSWORD, department: 'BCA' };
  const res = await registerViaApi(
    server.url,
    user,
    PEOPLE[who].enroll.map((f) => fixture('clips', `enroll_${who}_${f}.jpg`)),
  );
  expect(res).toMatchObject({ success: true });
  await server.db.updateTable('users').set({ status: 'active' }).where('email', '=', user.email).execute();
  return user;
}

describe.skipIf(!hasChromium || !hasFixtures)('genuine students through the face page in Chromium (false-reject rate)', () => {
  let server: TestServer;
  const cameras: Partial<Record<keyof typeof PEOPLE, Browser>> = {};

  beforeAll(async () => {
    // 20 attempts of one account, one after another: more than FACE_CHECKS_PER_MINUTE allows a real student
    server = await startTestServer({ env: { FACE_CHECKS_PER_MINUTE: '600' } });
  });

  afterAll(async () => {
    await Promise.all(Object.values(cameras).map((b) => b?.close()));
    await server?.close();
  });

  it.each(Object.keys(PEOPLE) as (keyof typeof PEOPLE)[])(
    `%s: at most ${MAX_REFUSALS} refusal in ${ATTEMPTS} genuine attempts`,
    { timeout: 600_000 },
    async (who) => {
      const student = await enrolledStudent(server, who);
      cameras[who] = await launchWithCamera(fixture('clips', PEOPLE[who].clip));
      const { page, context } = await openPage(cameras[who]!, server.url, { camera: true });
      await context.addInitScript(keepUploadedVideo);
      await login(page, student.email, PASSWORD, '/student-dashboard');
      const refused: string[] = [];
      for (let i = 1; i <= ATTEMPTS; i += 1) {
        // A student presses Start at any moment of what the camera shows: the attempts start at 20 points spread
        // over the clip's 3-s loop, so a blink near its end is sometimes at the recording's edge, as it is for people.
        const verdict = await attemptFaceCheck(page, `${who}-${String(i).padStart(2, '0')}`, { waitMs: ((i - 1) * CLIP_MS) / ATTEMPTS });
        if (!verdict.success) refused.push(`#${i} ${verdict.error_code ?? ''} blinks=${verdict.blink_count}`);
      }
      console.log(
        `[face-genuine-rate] ${who}: ${refused.length} of ${ATTEMPTS} genuine browser attempts refused${refused.length ? `: ${refused.join('; ')}` : ''}`,
      );
      await context.close();
      expect(refused.length).toBeLessThanOrEqual(MAX_REFUSALS);
    },
  );
});
