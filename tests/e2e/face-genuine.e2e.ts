import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, hasFixtures, NO_FIXTURES_MESSAGE } from '../../scripts/harness/face-fixtures';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { hasChromium, openPage } from './support/browser';
import { launchWithCamera } from './support/camera-browser';
import { attemptFaceCheck, enrolledGenuineStudent, GENUINE_CLIP_MS, GENUINE_PEOPLE, type GenuinePerson, keepUploadedVideo } from './support/face-attempts';
import { login } from './support/journey';

if (hasChromium && !hasFixtures) console.warn(NO_FIXTURES_MESSAGE);

/**
 * Starts of the check spread over the camera clip's loop. The rate over 20 such starts (at most 1 refusal) is
 * measured by `npm run bench:face-rates` (tests/rates/face-upload.rate.ts).
 */
const STARTS = 4;

describe.skipIf(!hasChromium || !hasFixtures)('genuine students through the face page in Chromium', () => {
  let server: TestServer;
  const cameras: Partial<Record<GenuinePerson, Browser>> = {};

  beforeAll(async () => {
    // several attempts of one account, one after another: more than FACE_CHECKS_PER_MINUTE allows a real student
    server = await startTestServer({ env: { FACE_CHECKS_PER_MINUTE: '600' } });
  });

  afterAll(async () => {
    await Promise.all(Object.values(cameras).map((b) => b?.close()));
    await server?.close();
  });

  it.each(Object.keys(GENUINE_PEOPLE) as GenuinePerson[])(
    `%s is accepted whenever in the camera's clip Start is pressed (${STARTS} points of its loop)`,
    { timeout: 600_000 },
    async (who) => {
      const student = await enrolledGenuineStudent(server, who);
      cameras[who] = await launchWithCamera(fixture('clips', GENUINE_PEOPLE[who].clip));
      const { page, context } = await openPage(cameras[who]!, server.url, { camera: true });
      await context.addInitScript(keepUploadedVideo);
      await login(page, student.email, student.password, '/student-dashboard');
      const verdicts: string[] = [];
      for (let i = 0; i < STARTS; i += 1) {
        // a student presses Start at any moment of what the camera shows: a blink near the clip's end is sometimes
        // at the recording's edge, as it is for people
        const verdict = await attemptFaceCheck(page, `${who}-${i + 1}`, { waitMs: (i * GENUINE_CLIP_MS) / STARTS });
        verdicts.push(verdict.success ? 'accepted' : `${verdict.error_code ?? 'refused'} (blinks ${verdict.blink_count})`);
      }
      await context.close();
      expect(verdicts).toEqual(Array(STARTS).fill('accepted'));
    },
  );
});
