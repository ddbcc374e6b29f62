import { beforeEach, describe, expect, it } from 'vitest';
import { FACE_STREAM_STEPS } from '@shared/face/face-stream';
import { hasFixtures, NO_FIXTURES_MESSAGE } from '@harness/face-fixtures';
import { hasChromium } from '../e2e/support/browser';
import { answerCode, attemptLiveCheck } from '../e2e/support/live-attempts';
import { expectInstructionsShown, median, REACTION_MS, RECORDED, reportAttempt, useLiveCheckRoom } from '../e2e/support/live-check-room';

if (hasChromium && !hasFixtures) console.warn(NO_FIXTURES_MESSAGE);

const GENUINE_ATTEMPTS = 20;
/** Issue 33: a live person following the instructions is accepted at least this often, each try on its own. */
const GENUINE_ACCEPTED = 19;
const CLIP_ATTEMPTS = 12;

/**
 * The live check's rates in Chromium (`npm run bench:face-rates`): how often a single try of a live person is
 * accepted, and that no try of a recording made in advance is. The suite's tests/e2e/face-challenge.e2e.ts proves the
 * same behaviour with a few tries; these figures go in docs/benchmarks.md with the machine's load.
 */
describe.skipIf(!hasChromium || !hasFixtures)('the live face check in Chromium: rates', () => {
  const room = useLiveCheckRoom();
  beforeEach(() => room.freshTries());

  it(`a live person performing each instruction as it appears is accepted at least ${GENUINE_ACCEPTED} times in ${GENUINE_ATTEMPTS}`, async () => {
    const { page, close } = await room.studentPage(room.browser, { reactionMs: REACTION_MS });
    const refused: string[] = [];
    const afterLast: number[] = [];
    const afterMove: number[] = [];
    for (let i = 1; i <= GENUINE_ATTEMPTS; i += 1) {
      await room.freshTries();
      const attempt = await attemptLiveCheck(page, `live-${String(i).padStart(2, '0')}`);
      reportAttempt(`live #${i}`, attempt);
      expect(attempt.answer.type, `live #${i} ended with ${JSON.stringify(attempt.answer)}`).toBe('verdict');
      expect(attempt.steps).toHaveLength(FACE_STREAM_STEPS);
      expectInstructionsShown(attempt.shown, attempt.steps);
      if (attempt.lastStepToVerdictMs !== null) afterLast.push(attempt.lastStepToVerdictMs);
      if (attempt.lastMoveToVerdictMs !== null) afterMove.push(attempt.lastMoveToVerdictMs);
      if (answerCode(attempt.answer) !== 'accepted') refused.push(`#${i} ${answerCode(attempt.answer)}`);
    }
    await close();
    console.log(
      `[face-challenge] live person: ${GENUINE_ATTEMPTS - refused.length} of ${GENUINE_ATTEMPTS} accepted${refused.length ? `; refused ${refused.join(', ')}` : ''};` +
        ` last instruction to verdict median ${median(afterLast)} ms, ${Math.min(...afterLast)}-${Math.max(...afterLast)} ms;` +
        ` the last move's end to verdict median ${median(afterMove)} ms, ${Math.min(...afterMove)}-${Math.max(...afterMove)} ms (${afterMove.length} measured)`,
    );
    expect(GENUINE_ATTEMPTS - refused.length).toBeGreaterThanOrEqual(GENUINE_ACCEPTED);
  });

  it.each(RECORDED)(`%s played by the camera whatever is asked: none of ${CLIP_ATTEMPTS} checks accepted`, async (clip) => {
    expect(await room.playRecording(clip, CLIP_ATTEMPTS)).not.toContain('accepted');
  });
});
