import { describe, expect, it } from 'vitest';
import { hasFixtures, NO_FIXTURES_MESSAGE } from '@harness/face-fixtures';
import { hasChromium } from './support/browser';
import { attemptFaceCheck, GENUINE_CLIP_MS, GENUINE_PEOPLE, type GenuinePerson, useGenuineStudents } from './support/face-attempts';

if (hasChromium && !hasFixtures) console.warn(NO_FIXTURES_MESSAGE);

/**
 * Starts of the check spread over the camera clip's loop. The rate over 20 such starts (at most 1 refusal) is
 * measured by `npm run bench:face-rates` (tests/rates/face-upload.rate.ts).
 */
const STARTS = 4;

describe.skipIf(!hasChromium || !hasFixtures)('genuine students through the face page in Chromium', () => {
  const students = useGenuineStudents();

  it.each(Object.keys(GENUINE_PEOPLE) as GenuinePerson[])(
    `%s is accepted whenever in the camera's clip Start is pressed (${STARTS} points of its loop)`,
    { timeout: 600_000 },
    async (who) => {
      const { page, close } = await students.pageOf(who);
      const verdicts: string[] = [];
      for (let i = 0; i < STARTS; i += 1) {
        // a student presses Start at any moment of what the camera shows: a blink near the clip's end is sometimes
        // at the recording's edge, as it is for people
        const verdict = await attemptFaceCheck(page, `${who}-${i + 1}`, { waitMs: (i * GENUINE_CLIP_MS) / STARTS });
        verdicts.push(verdict.success ? 'accepted' : `${verdict.error_code ?? 'refused'} (blinks ${verdict.blink_count})`);
      }
      await close();
      expect(verdicts).toEqual(Array(STARTS).fill('accepted'));
    },
  );
});
