import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChallengeStep } from '../../src/shared/face-challenge';
import { cryptoChallengeSource } from '../../src/server/infra/challenge-source';
import { MSG } from '../../src/shared/messages';
import { enrolledStudent, logIn } from '../helpers/enrolled-student';
import { hasFixtures, NO_FIXTURES_MESSAGE } from '../helpers/fixtures';
import { insertSession } from '../helpers/sessions';
import { createTestUser, startTestServer, type TestServer } from '../helpers/test-server';
import { hasChromium, openPage, screenshot, setStoredToken } from './support/browser';
import { launchWithCamera } from './support/camera-browser';
import { attemptChallenge, type ChallengeAttempt, keepChallengeFields } from './support/challenge-attempts';
import { challengeCameraClip } from './support/challenge-camera';

if (hasChromium && !hasFixtures) console.warn(NO_FIXTURES_MESSAGE);

const C = MSG.faceChallenge;
const ATTEMPTS = 2;

/** The challenge clips of p1 (faces/challenge/README.md) and the challenge each one follows, in the person's own directions. */
const CLIPS: { clip: string; steps: ChallengeStep[] }[] = [
  { clip: 'c02_p1_right_blink', steps: ['turn_right', 'blink'] },
  { clip: 'c01_p1_left_blink', steps: ['turn_left', 'blink'] },
];

const reversed = (steps: ChallengeStep[]) => steps.map((s): ChallengeStep => (s === 'turn_left' ? 'turn_right' : s === 'turn_right' ? 'turn_left' : s));

/** The page's hints name the challenge's steps in order (those it saw), at rising times within the recording. */
function expectHintsInOrder(attempt: ChallengeAttempt, steps: ChallengeStep[]) {
  const hints = attempt.hints ?? [];
  expect(hints.map((h) => h.step)).toEqual(steps.slice(0, hints.length));
  for (let i = 1; i < hints.length; i += 1) expect(hints[i].t_ms).toBeGreaterThan(hints[i - 1].t_ms);
}

describe.skipIf(!hasChromium || !hasFixtures)('the face challenge guided live in Chromium (issue 20)', () => {
  let next: ChallengeStep[] = [];
  let server: TestServer;
  let teacher: { id: number; token: string };
  let p1: { email: string };

  beforeAll(async () => {
    server = await startTestServer({
      // 20 attempts of one account one after another: more than FACE_CHECKS_PER_MINUTE allows a real student
      env: { FACE_CHALLENGE: 'on', FACE_CHECKS_PER_MINUTE: '600' },
      // the challenge the test injects: what the clip does (or its mirror image)
      challengeSource: { id: cryptoChallengeSource.id, steps: () => [...next] },
    });
    const t = await createTestUser(server.db, { role: 'teacher', department: 'BCA' });
    teacher = { id: t.id, token: await logIn(server, t.email, t.password) };
    p1 = await enrolledStudent(server, teacher.token, 'p1', 'pone@school.test');
    const bca = await server.db.selectFrom('departments').select('id').where('name', '=', 'BCA').executeTakeFirstOrThrow();
    const now = Date.now();
    await insertSession(server.db, {
      teacher_id: t.id,
      department_id: bca.id,
      started_at: new Date(now).toISOString(),
      ends_at: new Date(now + 3_600_000).toISOString(),
    });
  });

  afterAll(() => server?.close());

  describe.each(CLIPS)('$clip', ({ clip, steps }) => {
    let camera: Browser;
    let removeClip: () => void;
    let token: string;

    beforeAll(async () => {
      const made = challengeCameraClip(clip);
      removeClip = made.remove;
      camera = await launchWithCamera(made.y4m);
      token = await logIn(server, p1.email);
    });

    afterAll(async () => {
      await camera?.close();
      removeClip?.();
    });

    it(`${ATTEMPTS} of ${ATTEMPTS} genuine attempts following a matching challenge are accepted`, { timeout: 900_000 }, async () => {
      next = steps;
      const { page, context } = await openPage(camera, server.url, { camera: true });
      await context.addInitScript(keepChallengeFields);
      await setStoredToken(page, token);
      const refused: string[] = [];
      for (let i = 1; i <= ATTEMPTS; i += 1) {
        const attempt = await attemptChallenge(page, { live: true, firstInstruction: C.steps[steps[0]] });
        if (i === 1) await screenshot(page, `face-challenge-${clip}-verdict`);
        console.log(
          `[face-challenge] ${clip} #${i}: ${attempt.verdict.success ? 'accepted' : `refused ${attempt.verdict.error_code}`}, Start to verdict ${attempt.startToVerdictMs} ms` +
            ` (camera at ${attempt.cameraAt.toFixed(2)} s, ${attempt.mode} guidance, hints ${JSON.stringify(attempt.hints)})`,
        );
        expect(attempt.challengeId).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
        expectHintsInOrder(attempt, steps);
        if (!attempt.verdict.success) refused.push(`#${i} ${attempt.verdict.error_code}`);
      }
      await context.close();
      expect(refused).toEqual([]);
    });
  });
});
