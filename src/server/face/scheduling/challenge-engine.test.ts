import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChallengeStep } from '@shared/face/face-challenge';
import {
  buildChallengeSplice,
  buildFromFrames,
  buildHeldClip,
  buildInterleaved,
  CHALLENGE_ENROLL,
  CHALLENGE_SPLICES,
  type ChallengeSplice,
} from '@harness/challenge-clips';
import { fixture, hasFixtures, NO_FIXTURES_MESSAGE } from '@harness/face-fixtures';
import { createFaceEngine, type FaceEngine, type FaceTemplate } from '../index';

/** The real engine on the real challenge clips (fixtures/faces/challenge) and cuts of them: nothing mocked. */
const hasChallengeClips = hasFixtures && fs.existsSync(fixture('challenge', 'c01_p1_left_blink.webm'));
const clip = (name: string) => fs.readFileSync(fixture('challenge', `${name}.webm`));
/** The same moves with left and right swapped. */
const mirror = (steps: ChallengeStep[]) => steps.map((s) => (s === 'turn_left' ? 'turn_right' : s === 'turn_right' ? 'turn_left' : s));
/**
 * A turn each way, in each order: a still clip must read no turn either way in either look (a refused challenge is read
 * twice). That a clip with no turn follows none of the four orders is challenge.test.ts's, on readings.
 */
const TURN_CHALLENGES: ChallengeStep[][] = [
  ['turn_left', 'blink'],
  ['blink', 'turn_right'],
];

describe.skipIf(!hasChallengeClips)('face engine: does the clip follow the challenge?', () => {
  if (!hasChallengeClips) console.warn(`${NO_FIXTURES_MESSAGE} (or its challenge/ folder)`);
  let engine: FaceEngine;
  const who = {} as Record<'p1' | 'p3', FaceTemplate>;

  beforeAll(async () => {
    // A check's deadline of 2 minutes, not 20 s: these tests are about verdicts, and a refused challenge is read twice;
    // beside a second `npm test` (load 12-18) one took over 20 s and was answered busy. Lateness is pool.test.ts's.
    // The default identity threshold (issue 34): p3's c10, 1.6 s turned and looking down while winking, reads about
    // 0.41 from her frontal enrollment and passes at 0.42, as every genuine fixture clip must.
    engine = await createFaceEngine({ workers: 2, queueLimit: 2, minBlinks: 1, jobTimeoutMs: 120_000 });
    for (const p of ['p1', 'p3'] as const) who[p] = await engine.enroll(CHALLENGE_ENROLL[p].map((f) => fs.readFileSync(fixture('challenge', f))));
  }, 180_000);
  afterAll(() => engine?.close());

  // c01 and c02 are the fixtures' turn-then-blink clips; c10 turns right and winks (no blink). c08's weak right turn
  // is not here: it reads within the still clips' sway in some of the engine's frame splits (docs/face-challenge.md)
  it.each([
    ['c01_p1_left_blink', 'p1', ['turn_left', 'blink']],
    ['c02_p1_right_blink', 'p1', ['turn_right', 'blink']],
    ['c10_p3_wink', 'p3', ['turn_right']],
  ] as const)(
    '%s passes the challenge it follows and fails its mirror image',
    async (name, person, steps) => {
      const bytes = clip(name);
      const matching = await engine.verifyVideo(bytes, who[person], { challenge: [...steps] });
      expect(matching).toMatchObject({ success: true, reason: 'accepted' });
      expect(matching.moves?.filter((m) => m.step !== 'blink').map((m) => m.step)).toEqual(steps.filter((s) => s !== 'blink'));
      const mirrored = await engine.verifyVideo(bytes, who[person], { challenge: mirror([...steps]) });
      expect(mirrored).toMatchObject({ success: false, reason: 'challenge_not_followed' });
      expect(mirrored.moves?.map((m) => m.step)).toEqual(matching.moves?.map((m) => m.step));
    },
    300_000,
  );

  // c08 opens with a downcast gaze cut by the recording's start (read closed to 480 ms) and turns left meanwhile; its
  // eyes read 0.77-0.80 of open while turned. Open eyes are judged at the same turn, and that must not make the gaze a
  // blink: allowing a blink 1300 ms open to open read one there, and the clip followed blink-then-left.
  it('a downcast gaze cut by the start, then a turn, is no blink (c08)', async () => {
    const v = await engine.verifyVideo(clip('c08_p3_left_right'), who.p3, { challenge: ['blink', 'turn_left'] });
    expect(v).toMatchObject({ success: false, reason: 'challenge_not_followed' });
    expect(v.moves?.find((m) => m.step === 'blink')).toBeUndefined();
  }, 180_000);

  it.each([
    ['c03_p1_still_blink', 'p1'],
    ['c09_p3_still_blink', 'p3'],
  ] as const)(
    'the still clip %s passes a blink alone and fails a turn challenge either way',
    async (name, person) => {
      const blink = await engine.verifyVideo(clip(name), who[person], { challenge: ['blink'] });
      expect(blink).toMatchObject({ success: true, reason: 'accepted' });
      expect(blink.moves?.filter((m) => m.step !== 'blink')).toEqual([]);
      const reasons = [];
      for (const challenge of TURN_CHALLENGES) reasons.push((await engine.verifyVideo(clip(name), who[person], { challenge })).reason);
      expect(reasons).toEqual(TURN_CHALLENGES.map(() => 'challenge_not_followed'));
    },
    180_000,
  );

  it('the wink clip shows its turn and no blink: a wink is not a blink', async () => {
    const v = await engine.verifyVideo(clip('c10_p3_wink'), who.p3, { challenge: ['turn_right', 'blink'] });
    expect(v).toMatchObject({ success: false, reason: 'challenge_not_followed' });
    expect(v.moves?.map((m) => m.step)).toEqual(['turn_right']);
    expect(await engine.verifyVideo(clip('c10_p3_wink'), who.p3)).toMatchObject({ success: false, reason: 'no_blink' });
  }, 300_000);

  it.each(CHALLENGE_SPLICES.map((s) => [s.name, s] as const))(
    '%s (two real clips cut together) passes its order and fails the reversed one',
    async (_name, spec: ChallengeSplice) => {
      const bytes = buildChallengeSplice(spec);
      expect(await engine.verifyVideo(bytes, who[spec.person], { challenge: spec.steps })).toMatchObject({ success: true, reason: 'accepted' });
      const reversed = [...spec.steps].reverse();
      expect(await engine.verifyVideo(bytes, who[spec.person], { challenge: reversed })).toMatchObject({ success: false, reason: 'challenge_not_followed' });
    },
    300_000,
  );

  // What a browser records: the student faces the camera before the first step and stays as they are once the last
  // one ticks (the page records a moment more), the clip's own still ends held as the browser test's camera plays
  // them. c01 comes back to 0.08 from frontal and stays there, over the 0.06 that ends a turn, so the turn's span
  // runs on past the blink made on the way back (read: span 2400-3520 ms, its middle 2960 ms, the blink 2960 ms),
  // and its blink comes one sample after its farthest point. A turn is timed by its start (2320-2400 ms). With a
  // lead-in of 25 frames the engine's 12.5-fps samples fall on the clip's other frames, where c01 also reads a blink
  // on the way out (2480 ms, the head looking up): timed by the turn's peak (2880 ms) that blink came before it and
  // the recording followed the reversed order too.
  it.each([
    ['c01_p1_left_blink', 0.96, { headS: 1.0, tailS: 0.12 }, ['turn_left', 'blink']],
    ['c01_p1_left_blink', 1.0, { headS: 1.0, tailS: 0.12 }, ['turn_left', 'blink']],
    ['c02_p1_right_blink', 0.96, { headS: 0.44, tailS: 0.44 }, ['turn_right', 'blink']],
  ] as const)(
    '%s with its still ends held (lead-in %s s): the turn is timed by its start, clearly before the blink, and the reversed order is refused',
    async (name, leadInS, still, steps) => {
      const bytes = buildHeldClip(name, { ...still, leadInS, leadOutS: 1.5 });
      const v = await engine.verifyVideo(bytes, who.p1, { challenge: [...steps] });
      const moves = v.moves?.map((m) => `${m.step} at ${m.at_ms} ms`).join(', ');
      expect(v, moves).toMatchObject({ success: true, reason: 'accepted' });
      const turn = v.moves?.find((m) => m.step === steps[0]);
      const blink = v.moves?.findLast((m) => m.step === 'blink');
      // the clip's own blink three samples (240 ms) or more after the turn starts: the order does not hang on one frame
      expect((blink?.at_ms ?? 0) - (turn?.at_ms ?? 0), moves).toBeGreaterThanOrEqual(240);
      const reversed = await engine.verifyVideo(bytes, who.p1, { challenge: [...steps].reverse() });
      expect(reversed, moves).toMatchObject({ success: false, reason: 'challenge_not_followed' });
    },
    300_000,
  );

  // The engine samples 12.5 frames a second, every other frame of a 25-fps recording, and a blink lasts a few frames:
  // which ones the samples fall on must not decide the verdict (a genuine upload of c02 in the browser test read no
  // blink at one phase and its blink at the other). c03's blink (frames 38-41) is kept on the frames of one parity
  // only, an open frame before it shown on the others: the first look's samples see it in one of the two clips only.
  it.each([
    ['odd', 1],
    ['even', 0],
  ] as const)(
    'c03 with its blink on the %s frames only passes a blink challenge: a blink is read whichever frames the samples fall on',
    async (_parity, parity) => {
      const order = (n: number) => Array.from({ length: n }, (_, k) => (k >= 34 && k <= 45 && k % 2 !== parity ? 34 + parity : k));
      const bytes = buildFromFrames('c03_p1_still_blink', order);
      const v = await engine.verifyVideo(bytes, who.p1, { challenge: ['blink'] });
      expect(v).toMatchObject({ success: true, reason: 'accepted' });
      // the blink is timed on the clip's own clock, whichever look read it (frames 38-41: 1.52-1.64 s)
      expect(v.moves?.map((m) => m.step)).toEqual(['blink']);
      expect(v.moves?.[0].at_ms).toBeGreaterThanOrEqual(1480);
      expect(v.moves?.[0].at_ms).toBeLessThanOrEqual(1680);
      // and it still shows no turn
      expect((await engine.verifyVideo(bytes, who.p1, { challenge: ['turn_left', 'blink'] })).reason).toBe('challenge_not_followed');
    },
    300_000,
  );

  // An attacker's upload: two recordings of the student woven frame by frame, c02 (a right turn) on the even frames and
  // c01 (a left turn) on the odd ones, so that each of the engine's two looks reads one whole recording. The second
  // look may add a blink the first missed, never another direction: this passed both turn-then-blink challenges.
  it('two recordings woven frame by frame pass only the challenge of the turn the first look reads', async () => {
    const woven = buildInterleaved('c02_p1_right_blink', 'c01_p1_left_blink');
    const right = await engine.verifyVideo(woven, who.p1, { challenge: ['turn_right', 'blink'] });
    expect(right).toMatchObject({ success: true, reason: 'accepted' });
    const left = await engine.verifyVideo(woven, who.p1, { challenge: ['turn_left', 'blink'] });
    expect(left).toMatchObject({ success: false, reason: 'challenge_not_followed' });
    expect(left.moves?.find((m) => m.step !== 'blink')?.step).toBe('turn_right');
  }, 300_000);

  // The splice attacks (two people in one clip) with the challenge on are engine.test.ts's, read from the encodes
  // its checks without a challenge read.

  // How many times in a row it holds is a benchmark: `npm run bench:face-repeat -- --clip c01 --runs 10 --challenge turn_left,blink`.
  it('c01 (its blink comes while the head turns back, motion-blurred) passes its challenge every time: 3 of 3', async () => {
    const video = clip('c01_p1_left_blink');
    const verdicts = [];
    for (let i = 0; i < 3; i++) {
      const v = await engine.verifyVideo(video, who.p1, { challenge: ['turn_left', 'blink'] });
      verdicts.push(`${v.reason}: ${v.moves?.map((m) => `${m.step} at ${m.at_ms} ms`).join(', ')}`);
    }
    expect(verdicts.filter((v) => !v.startsWith('accepted'))).toEqual([]);
  }, 300_000);

  it('another person performing the challenge is refused on identity, and no challenge means no moves', async () => {
    expect(await engine.verifyVideo(clip('c02_p1_right_blink'), who.p3, { challenge: ['turn_right', 'blink'] })).toMatchObject({
      success: false,
      reason: 'identity_mismatch',
    });
    const plain = await engine.verifyVideo(clip('c02_p1_right_blink'), who.p1);
    expect(plain).toMatchObject({ success: true, reason: 'accepted' });
    expect(plain.moves).toBeUndefined();
  }, 300_000);
});
