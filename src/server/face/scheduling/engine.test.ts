import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, hasFixtures, NO_FIXTURES_MESSAGE } from '@harness/face-fixtures';
import { createFaceEngine, FaceBusyError, FaceInputError, type FaceEngine, type FaceEngineDebug, type FaceTemplate } from '../index';
import { ffmpegPath } from '../decoding/index';
import { buildLoopCut, buildSplice, SPLICES, type SpliceSpec, VP8_REALTIME } from '@harness/splice-clips';
import type { ChallengeStep } from '@shared/face/face-challenge';

/** The real engine on the real fixtures: nothing of our own is mocked. */
const read = (...p: string[]) => fs.readFileSync(fixture(...p));
const clip = (name: string) => read('clips', `${name}.webm`);
const AOC = ['enroll_aoc_f005.jpg', 'enroll_aoc_f045.jpg', 'enroll_aoc_f070.jpg'];
const MCG = ['enroll_mcguinness_f003.jpg', 'enroll_mcguinness_f025.jpg', 'enroll_mcguinness_f115.jpg'];
/**
 * A 2-s webm of a still picture 640 px wide (its faces as big as a camera shows them), or of ffmpeg's test pattern at
 * 320x240 when `image` is omitted. Encoded in libvpx's realtime mode, as a browser records: its default (best quality)
 * costs more CPU than the engine's check of the clip, for a refusal that reads the face count alone.
 */
const stillVideo = (image?: string) =>
  execFileSync(ffmpegPath(), [
    '-v',
    'error',
    ...(image ? ['-loop', '1', '-i', image, '-vf', 'scale=640:-2'] : ['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25']),
    '-t',
    '2',
    '-r',
    '25',
    ...VP8_REALTIME,
    '-b:v',
    '800k',
    '-f',
    'webm',
    'pipe:1',
  ]);
const blankJpeg = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#8899aa' } })
    .jpeg()
    .toBuffer();

describe.skipIf(!hasFixtures)('face engine on the fixture clips and photos', () => {
  if (!hasFixtures) console.warn(NO_FIXTURES_MESSAGE);
  let engine: FaceEngine & FaceEngineDebug;
  let aoc: FaceTemplate;
  let mcg: FaceTemplate;
  /** the README's hard genuine case */
  let d0: FaceTemplate;

  beforeAll(async () => {
    // A check's deadline of 2 minutes, not 20 s: these tests are about verdicts, and a refused challenge is read twice;
    // beside a second `npm test` (load 12-18) one took over 20 s and was answered busy. Lateness is pool.test.ts's.
    engine = await createFaceEngine({ workers: 2, queueLimit: 2, minBlinks: 1, jobTimeoutMs: 120_000 });
    aoc = await engine.enroll(AOC.map((f) => read('clips', f)));
    mcg = await engine.enroll(MCG.map((f) => read('clips', f)));
    d0 = await engine.enroll(['f005', 'f030', 'f050'].map((f) => read('clips', `enroll_d0_${f}.jpg`)));
  }, 300_000);
  afterAll(() => engine?.close());

  it('enrolls one 128-d descriptor per image and their mean', () => {
    expect(aoc.descriptors).toHaveLength(3);
    expect(aoc.mean).toBeInstanceOf(Float32Array);
    expect(aoc.mean).toHaveLength(128);
    expect(aoc.model).toMatch(/face-api/);
  });

  // The README's table: accept aoc as herself; everything else refused, for the stated reason.
  it.each([
    ['aoc_3blinks_3s', 'aoc', true, 'accepted', 3],
    ['aoc_3blinks_3s', 'mcg', false, 'identity_mismatch', 3],
    ['mcguinness_0blinks_3s', 'mcg', false, 'no_blink', 0],
    ['spoof_print_attack_3s', 'aoc', false, 'no_blink', 0],
    ['spoof_screen_replay_3s', 'mcg', false, 'no_blink', 0],
  ] as const)(
    '%s enrolled as %s: success=%s (%s), about %i blinks',
    async (name, who, success, reason, blinks) => {
      const v = await engine.verifyVideo(clip(name), who === 'aoc' ? aoc : mcg);
      expect(v).toMatchObject({ success, reason });
      expect(Math.abs(v.blink_count - blinks)).toBeLessThanOrEqual(1);
      expect(v.ms).toBeGreaterThan(0);
    },
    180_000,
  );

  // Tried again and again: the README names d0 a hard genuine case. How many times in a row it holds is a benchmark
  // (`npm run bench:face-repeat -- --clip d0 --runs 20`); aoc's first try is the README table's above.
  it('accepts the genuine students every time, the hard d0 clip included (3 tries of d0, 2 more of aoc)', async () => {
    for (const [name, who, tries] of [
      ['d0_man_1blink_3s', d0, 3],
      ['aoc_3blinks_3s', aoc, 2],
    ] as const) {
      const verdicts = [];
      for (let i = 0; i < tries; i++) verdicts.push((await engine.verifyVideo(clip(name), who)).reason);
      expect(verdicts, name).toEqual(Array(tries).fill('accepted'));
    }
  }, 300_000);

  it('accepts d0 however the recording cuts its one blink (the browser camera loops; Start comes at any moment)', async () => {
    const offsets = [0, 1.2, 2.3, 2.45, 2.5, 2.55, 2.6, 2.65];
    const refused: string[] = [];
    for (const offset of offsets) {
      const v = await engine.verifyVideo(buildLoopCut('d0_man_1blink_3s', offset), d0);
      if (!v.success) refused.push(`${offset}s: ${v.reason}`);
    }
    expect(refused).toEqual([]);
  }, 600_000);

  // Splice attacks cut from the same real footage: the enrolled face and another face in one clip. Each cut is encoded
  // once (an encode costs more than several checks) and read both ways a check can come: without a challenge and with
  // one. A changed face is refused before the challenge is looked at (verdict.ts), so one challenge stands for all.
  const splices = new Map<string, Buffer>();
  const spliceOf = (spec: SpliceSpec) => splices.get(spec.name) ?? splices.set(spec.name, buildSplice(spec)).get(spec.name)!;
  const CHALLENGES: (ChallengeStep[] | undefined)[] = [undefined, ['turn_left', 'blink']];
  it.each(SPLICES.map((s) => [s.name, s] as const))(
    '%s is refused: the face changed, with the challenge on or off',
    async (_name, spec) => {
      const video = spliceOf(spec);
      for (const challenge of CHALLENGES) {
        const v = await engine.verifyVideo(video, spec.enrolledAs === 'aoc' ? aoc : mcg, { challenge });
        expect(v, String(challenge ?? 'no challenge')).toMatchObject({ success: false, reason: 'face_changed' });
      }
    },
    300_000,
  );

  it('refuses a cut between two live people whoever is enrolled', async () => {
    // as aoc, the enrolled face of its first half, it is one of SPLICES above; here as the face of its second half
    const cut = SPLICES.find((s) => s.name === 'splice_live_aoc_then_mcg')!;
    expect(cut.enrolledAs).toBe('aoc');
    expect(await engine.verifyVideo(spliceOf(cut), mcg)).toMatchObject({ success: false, reason: 'face_changed' });
  }, 180_000);

  it('still matches mcguinness to her own enrollment although liveness fails', async () => {
    const v = await engine.verifyVideo(clip('mcguinness_0blinks_3s'), mcg);
    expect(v.similarity).not.toBeNull();
    expect(v.similarity!).toBeLessThanOrEqual(0.5);
  }, 180_000);

  it('keeps a refusal’s best frame as a small JPEG, the same for the same clip, and none for an acceptance', async () => {
    const refused = await engine.verifyVideo(clip('mcguinness_0blinks_3s'), aoc);
    // no blink and another face: refused on liveness first (verdict.ts's order), the still all the same
    expect(refused).toMatchObject({ success: false, reason: 'no_blink' });
    expect(refused.similarity!).toBeGreaterThan(0.5); // her face far from aoc's enrollment (the previous test's: near her own)
    expect(await sharp(refused.still!).metadata()).toMatchObject({ format: 'jpeg', width: 160 });
    // The engine's own frames, after its verdict: the same clip again gives the same verdict and the same still.
    const again = await engine.verifyVideo(clip('mcguinness_0blinks_3s'), aoc);
    expect({ ...again, ms: 0 }).toEqual({ ...refused, ms: 0 });
    expect((await engine.verifyVideo(clip('aoc_3blinks_3s'), aoc)).still).toBeUndefined();
  }, 180_000);

  it('refuses a group photo at enrollment, naming the image', async () => {
    const images = [read('clips', AOC[0]), read('photos', 'bbt', 'group_6_faces.jpg'), read('clips', AOC[2])];
    const err = await engine.enroll(images).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FaceInputError);
    expect(err).toMatchObject({ code: 'multiple_faces', detail: { image: 2 } });
  }, 180_000);

  it('refuses three photos that are not of one person, naming the odd one', async () => {
    const err = await engine.enroll([read('clips', AOC[0]), read('clips', MCG[1]), read('clips', AOC[2])]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FaceInputError);
    expect(err).toMatchObject({ code: 'different_people', detail: { image: 2 } });
  }, 180_000);

  it('finds the one face in half-body and standing portraits, and still refuses a group photo', async () => {
    const wide = ['zuckerberg_stage_halfbody.jpg', 'katy_perry_halfbody.jpg', 'biden_standing.jpg'];
    const zuck = await engine.enroll([1, 2, 3].map((n) => read('photos', 'people', `zuckerberg_${n}.jpg`)));
    const verdicts = [];
    for (const f of wide) verdicts.push((await engine.verifyImage(read('photos', 'wide', f), zuck)).reason);
    expect(verdicts).toEqual(['accepted', 'identity_mismatch', 'identity_mismatch']);
    const withWide = await engine.enroll([
      read('photos', 'people', 'zuckerberg_1.jpg'),
      read('photos', 'wide', wide[0]),
      read('photos', 'people', 'zuckerberg_3.jpg'),
    ]);
    expect(withWide.descriptors).toHaveLength(3);
    expect(await engine.verifyImage(read('photos', 'bbt', 'group_6_faces.jpg'), zuck)).toMatchObject({ reason: 'multiple_faces' });
  }, 180_000);

  it('refuses an image with no face, naming it', async () => {
    const err = await engine.enroll([await blankJpeg(), read('clips', AOC[1]), read('clips', AOC[2])]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FaceInputError);
    expect(err).toMatchObject({ code: 'no_face', detail: { image: 1 } });
  }, 180_000);

  it('refuses a file that is not an image, and a count other than 3', async () => {
    await expect(engine.enroll([read('clips', AOC[0]), Buffer.from('not an image'), read('clips', AOC[2])])).rejects.toMatchObject({
      code: 'bad_image',
      detail: { image: 2 },
    });
    await expect(engine.enroll([read('clips', AOC[0])])).rejects.toBeInstanceOf(FaceInputError);
  });

  it('checks identity alone on a photo (the CLI --image)', async () => {
    const lisa = await engine.enroll(['lisa1', 'lisa2', 'lisa3'].map((n) => read('identities', 'lisa', `${n}.jpg`)));
    expect(await engine.verifyImage(read('identities', 'lisa', 'lisa4.jpg'), lisa)).toMatchObject({ success: true, reason: 'accepted' });
    expect(await engine.verifyImage(read('photos', 'bbt', 'sheldon', 'sheldon1.png'), lisa)).toMatchObject({ success: false, reason: 'identity_mismatch' });
    expect(await engine.verifyImage(await blankJpeg(), lisa)).toMatchObject({ success: false, reason: 'no_face', similarity: null });
    expect(await engine.verifyImage(read('photos', 'bbt', 'group_6_faces.jpg'), lisa)).toMatchObject({ success: false, reason: 'multiple_faces' });
  }, 180_000);

  it('says when the video shows no face, or several', async () => {
    expect(await engine.verifyVideo(stillVideo(), aoc)).toMatchObject({ success: false, reason: 'no_face' });
    const group = await engine.verifyVideo(stillVideo(fixture('photos', 'bbt', 'group_6_faces.jpg')), aoc);
    expect(group).toMatchObject({ success: false, reason: 'multiple_faces' });
  }, 300_000);

  it('gives a FaceInputError for bad uploads', async () => {
    const bytes = clip('aoc_3blinks_3s');
    for (const bad of [
      Buffer.alloc(0),
      Buffer.from('plain text, named .webm'),
      bytes.subarray(0, bytes.length >> 1),
      Buffer.concat([bytes, Buffer.alloc(6 * 1024 * 1024)]),
    ]) {
      await expect(engine.verifyVideo(bad, aoc)).rejects.toBeInstanceOf(FaceInputError);
    }
  }, 180_000);

  it('refuses work past the queue bound at once with FaceBusyError and Retry-After', async () => {
    const video = clip('spoof_print_attack_3s');
    // "At once" as an ordering fact, not a stopwatch: every refusal settles before the first job finishes.
    const settledInOrder: ('busy' | 'done')[] = [];
    const settled = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        engine.verifyVideo(video, aoc).then(
          (verdict) => {
            settledInOrder.push('done');
            return verdict;
          },
          (e: unknown) => {
            if (!(e instanceof FaceBusyError)) throw e;
            settledInOrder.push('busy');
            return { busy: true, retry: e.retryAfterSeconds };
          },
        ),
      ),
    );
    const values = settled.map((s) => (s.status === 'fulfilled' ? s.value : s.reason));
    const busy = values.filter((v) => 'busy' in v) as { busy: true; retry: number }[];
    expect(busy).toHaveLength(4); // 2 running + queueLimit 2 waiting; the other 4 refused
    expect(settledInOrder).toEqual([...Array(4).fill('busy'), ...Array(4).fill('done')]);
    for (const b of busy) expect(b.retry).toBeGreaterThanOrEqual(1);
    expect(values.filter((v) => 'reason' in v && v.reason === 'no_blink')).toHaveLength(4);
    expect(engine.stats()).toEqual({ queued: 0, running: 0, workers: 2 });
  }, 300_000);

  it('serves an attendance check while registrations flood the engine', async () => {
    const images = AOC.map((f) => read('clips', f));
    const flood = Array.from({ length: 6 }, () =>
      engine.enroll(images).then(
        () => 'enrolled',
        (e: unknown) => (e instanceof FaceBusyError ? 'busy' : e),
      ),
    );
    // the enrollments fill both workers and their own queue (1 with queueLimit 2); the check still gets in line, first
    expect(await engine.verifyVideo(clip('aoc_3blinks_3s'), aoc)).toMatchObject({ success: true, reason: 'accepted' });
    const outcomes = await Promise.all(flood);
    expect(outcomes.filter((o) => o === 'enrolled')).toHaveLength(3);
    expect(outcomes.filter((o) => o === 'busy')).toHaveLength(3);
    expect(engine.stats()).toEqual({ queued: 0, running: 0, workers: 2 });
  }, 300_000);

  // A tensor left behind shows in the count after one job of its kind; RSS over hundreds of jobs is a benchmark
  // (`npm run bench:face -- --leak 200`, docs/benchmarks.md).
  it('leaks no tensors over 10 jobs of every kind, and memory stays flat', async () => {
    const videos = ['aoc_3blinks_3s', 'mcguinness_0blinks_3s', 'spoof_print_attack_3s'].map(clip);
    const before = engine.debugMemory();
    const rss: number[] = [];
    // each kind at least twice: the three clips' checks and the enrollment
    for (let i = 0; i < 10; i++) {
      if (i % 5 === 4) await engine.enroll(AOC.map((f) => read('clips', f)));
      else await engine.verifyVideo(videos[i % 3], aoc);
      rss.push(engine.debugMemory().rss);
    }
    const after = engine.debugMemory();
    expect(after.workers.map((w) => w.numTensors)).toEqual(before.workers.map((w) => w.numTensors));
    // the wasm heaps reach their high-water mark in the first jobs; after that RSS may wobble, not climb
    expect(rss[9] - rss[4]).toBeLessThan(100 * 1024 * 1024);
  }, 600_000);
});
