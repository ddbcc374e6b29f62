import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, hasFixtures, NO_FIXTURES_MESSAGE } from '@harness/face-fixtures';
import { createFaceEngine, type FaceEngine, type FaceTemplate } from '../index';

/**
 * Issue 34 on the real engine with its default thresholds: p1 (challenge/) and d0 (clips/), two different men the
 * recognizer once took for one (each accepted as the other at 0.50), are refused as each other both ways, while every
 * real clip with a blink is accepted for its own person. That the same clip gets the same verdict again is
 * face-video-repeat.test.ts's (six of these clips, over HTTP, one worker and four).
 */
const read = (...p: string[]) => fs.readFileSync(fixture(...p));
const ENROLL: Record<string, string[][]> = {
  aoc: ['f005', 'f045', 'f070'].map((f) => ['clips', `enroll_aoc_${f}.jpg`]),
  d0: ['f005', 'f030', 'f050'].map((f) => ['clips', `enroll_d0_${f}.jpg`]),
  p1: ['src5', 'src176', 'src181'].map((s) => ['challenge', `enroll_p1_${s}.jpg`]),
  p3: ['src185', 'src192', 'src200'].map((s) => ['challenge', `enroll_p3_${s}.jpg`]),
};
const GENUINE: [string[], string][] = [
  [['clips', 'aoc_3blinks_3s.webm'], 'aoc'],
  [['clips', 'd0_man_1blink_3s.webm'], 'd0'],
  [['challenge', 'c01_p1_left_blink.webm'], 'p1'],
  [['challenge', 'c02_p1_right_blink.webm'], 'p1'],
  [['challenge', 'c03_p1_still_blink.webm'], 'p1'],
  [['challenge', 'c07_p3_wink_right_blink.webm'], 'p3'],
  [['challenge', 'c09_p3_still_blink.webm'], 'p3'],
];
const LOOKALIKES: [string[], string][] = [
  [['challenge', 'c01_p1_left_blink.webm'], 'd0'],
  [['challenge', 'c02_p1_right_blink.webm'], 'd0'],
  [['challenge', 'c03_p1_still_blink.webm'], 'd0'],
  [['clips', 'd0_man_1blink_3s.webm'], 'p1'],
];

describe.skipIf(!hasFixtures)('identity between two lookalikes, on the default thresholds', { timeout: 600_000 }, () => {
  if (!hasFixtures) console.warn(NO_FIXTURES_MESSAGE);
  let engine: FaceEngine;
  const templates: Record<string, FaceTemplate> = {};
  beforeAll(async () => {
    engine = await createFaceEngine({ workers: 2, jobTimeoutMs: 120_000 });
    for (const [who, files] of Object.entries(ENROLL)) templates[who] = await engine.enroll(files.map((f) => read(...f)));
  }, 300_000);
  afterAll(() => engine?.close());

  // p1's clips read 0.44-0.45 from d0's enrollment: over the threshold. d0's clip reads 0.402 from p1's as a whole,
  // under it, but its blink's flanks, each read alone, are not p1's: no blink of the enrolled face, refused (it
  // passes from a threshold of 0.44: bench:identity-checks).
  it.each(LOOKALIKES)('refuses %j enrolled as %s: another man', async (file, as) => {
    const v = await engine.verifyVideo(read(...file), templates[as]);
    expect(v.success).toBe(false);
    expect(['identity_mismatch', 'no_blink']).toContain(v.reason);
  });

  it.each(GENUINE)('accepts %j for its own person (%s)', async (file, as) => {
    expect((await engine.verifyVideo(read(...file), templates[as])).reason).toBe('accepted');
  });
});

/**
 * The neighbour rule (issue 34, verdict.ts): at the old 0.50, where p1 and d0 pass as each other on the threshold
 * alone, a check given the other man's enrolled mean as a neighbour is refused, and each man's own clips, given the
 * other as a neighbour, still pass.
 */
describe.skipIf(!hasFixtures)("identity between two enrolled lookalikes, each the other's neighbour (threshold 0.50)", { timeout: 600_000 }, () => {
  let engine: FaceEngine;
  const templates: Record<string, FaceTemplate> = {};
  const withNeighbour = (who: string, neighbour: string): FaceTemplate => ({ ...templates[who], neighbours: [templates[neighbour].mean] });
  beforeAll(async () => {
    engine = await createFaceEngine({ workers: 2, jobTimeoutMs: 120_000, threshold: 0.5 });
    for (const who of ['d0', 'p1']) templates[who] = await engine.enroll(ENROLL[who].map((f) => read(...f)));
  }, 300_000);
  afterAll(() => engine?.close());

  it("passes d0 as p1 on the threshold alone, and refuses him once d0 is p1's neighbour", async () => {
    const clip = read('clips', 'd0_man_1blink_3s.webm');
    expect((await engine.verifyVideo(clip, templates.p1)).reason).toBe('accepted');
    expect((await engine.verifyVideo(clip, withNeighbour('p1', 'd0'))).reason).toBe('identity_mismatch');
  });

  it.each(LOOKALIKES)('refuses %j as %s with the other enrolled beside him', async (file, as) => {
    const v = await engine.verifyVideo(read(...file), withNeighbour(as, as === 'd0' ? 'p1' : 'd0'));
    expect(v.success).toBe(false);
  });

  it.each(GENUINE.filter(([, who]) => who === 'p1' || who === 'd0'))('accepts %j as its own person (%s) with the other beside him', async (file, as) => {
    expect((await engine.verifyVideo(read(...file), withNeighbour(as, as === 'd0' ? 'p1' : 'd0'))).reason).toBe('accepted');
  });
});
