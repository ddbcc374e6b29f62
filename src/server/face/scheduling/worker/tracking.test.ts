import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, hasFixtures, NO_FIXTURES_MESSAGE } from '@harness/face-fixtures';
import { decodeVideo, type DecodedVideo } from '@server/face/decoding/index';
import { segments } from '@server/face/segments';
import { loadModels, type Models, warmUp } from './models';
import { readFrames } from './tracking';

/**
 * Human keeps state in its worker: the face box it follows from frame to frame, the last frame it compared against
 * for its cache. A run's readings must not depend on it, or the same upload would be judged differently depending on
 * which worker read its frames and what that worker had read before. The real models, in this thread.
 */
describe.skipIf(!hasFixtures)('a run of frames read by a worker', () => {
  if (!hasFixtures) console.warn(NO_FIXTURES_MESSAGE);
  let m: Models;
  let c01: DecodedVideo;
  let aoc: DecodedVideo;
  const decode = (...p: string[]) => decodeVideo(fs.readFileSync(fixture(...p)), { fps: 12.5, timeoutMs: 60_000 });
  beforeAll(async () => {
    m = await loadModels({ role: 'liveness' });
    await warmUp(m);
    c01 = await decode('challenge', 'c01_p1_left_blink.webm');
    aoc = await decode('clips', 'aoc_3blinks_3s.webm');
  }, 300_000);
  afterAll(() => {
    c01?.release();
    aoc?.release();
  });

  const read = (v: DecodedVideo, [start, end]: [number, number]) => readFrames(m, v.frames.slice(start, end), v.width, v.height, true);

  it('gives the same readings whatever the worker read before it', async () => {
    // c01's second run holds its motion-blurred blink, the frames that were read differently from run to run
    const [first, second] = segments(c01.frames.length);
    const fresh = await read(c01, second);
    expect(fresh.filter((r) => r.faces === 1 && r.left !== null).length).toBeGreaterThan(5);
    // another student's clip, then the frames just before this run: a box carried over would fit them best
    await read(aoc, segments(aoc.frames.length)[0]);
    await read(c01, first);
    expect(await read(c01, second)).toEqual(fresh);
  }, 300_000);

  it('reads a run differently when it starts elsewhere: why the runs are fixed by the clip alone (segments.ts)', async () => {
    const [, [start, end]] = segments(c01.frames.length);
    const fixed = await read(c01, [start, end]);
    const shifted = await read(c01, [start - 1, end]);
    expect(shifted.slice(1)).not.toEqual(fixed);
  }, 300_000);
});
