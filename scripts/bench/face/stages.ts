import fs from 'node:fs';
import { parseArgs } from 'node:util';
import type { Config } from '@vladmandic/human';
import type * as Tf from '@tensorflow/tfjs-core';
import { decodeVideo } from '@server/face/decoding/index';
import { createFaceEngine, type FaceTemplate } from '@server/face/index';
import type { FrameReading } from '@server/face/protocol';
import { describeChip, describeFace, loadModels, type Models, readFrames, rgbTensor, warmUp } from '@server/face/scheduling/worker/index';
import { segments } from '@server/face/segments';
import { fixture, hasFixtures, NO_FIXTURES_MESSAGE } from '@harness/face-fixtures';
import { childrenCpu, cpuNow, loadAverage } from '../support/cpu-time';
import { median } from '../support/median';

/**
 * `npm run bench:face-stages -- [--runs 5]`: where a face check's CPU goes. For each clip, the real engine's check
 * (one worker, so nothing runs beside it) gives the total CPU-seconds, how many frames liveness read and how many
 * times identity ran the recognizer; then each stage is run alone in this thread on the same decoded frames and
 * timed in CPU-seconds (medians of the runs):
 * - decode: ffmpeg's CPU (a child) and this process's share (reading its frames);
 * - liveness as the engine reads it (runs of segments.ts, quiet frames left out), and per frame read: the tensor
 *   alone, Human's mesh + iris following its own box, the same without iris, and the detector added on every frame;
 * - identity: the recognizer on the mesh's box (describe-chip), and face-api's whole chain (describe) for reference.
 * What the stages do not explain (the hand-offs between threads, analysis, the verdict) is the engine's total less
 * their sum.
 */
if (!hasFixtures) {
  console.error(NO_FIXTURES_MESSAGE);
  process.exit(2);
}
const { values } = parseArgs({ options: { runs: { type: 'string' } } });
const RUNS = Number(values.runs ?? 5);
const FPS = 12.5;
const ENROLL = { aoc: ['f005', 'f045', 'f070'], d0: ['f005', 'f030', 'f050'] } as const;
type Who = keyof typeof ENROLL;
const CLIPS: { name: string; who: Who }[] = [
  { name: 'aoc_3blinks_3s', who: 'aoc' },
  { name: 'd0_man_1blink_3s', who: 'd0' },
];
const read = (name: string) => fs.readFileSync(fixture('clips', name));

/** CPU-seconds of `fn`, median over RUNS runs (and the last run's result). */
async function cpuOf<T>(fn: () => Promise<T>): Promise<{ cpu: number; result: T }> {
  const cpus: number[] = [];
  let result!: T;
  for (let i = 0; i < RUNS; i++) {
    const c0 = cpuNow();
    result = await fn();
    cpus.push(cpuNow() - c0);
  }
  return { cpu: median(cpus), result };
}

/** Human on every frame in order, as tracking.ts reads a run but without leaving frames out, with this face config. */
async function humanOver(m: Models, frames: Uint8Array[], width: number, height: number, face: { detectEvery: number; iris: boolean }) {
  for (const [i, rgb] of frames.entries()) {
    const input = rgbTensor<Tf.Rank.R3>(m.tf, rgb, [height, width, 3]);
    const detector = { skipFrames: i === 0 ? 0 : face.detectEvery - 1, skipTime: 1e9, maxDetected: 4 };
    const res = await m.human.detect(input, { face: { detector, mesh: { enabled: true }, iris: { enabled: face.iris } } } as Partial<Config>);
    for (const f of res.face) m.tf.dispose(f.tensor);
    m.tf.dispose(input);
  }
}

console.log(`load average at start: ${loadAverage()}; ${RUNS} runs of each measurement, medians`);
const engine = await createFaceEngine(
  { workers: 1 },
  {
    onReadings: (r) => (last.readings = r),
    onIdentityRuns: (n) => (last.identityRuns = n),
  },
);
const last: { readings: FrameReading[]; identityRuns: number } = { readings: [], identityRuns: 0 };
const m = await loadModels({ role: 'full' });
await warmUp(m);

for (const clip of CLIPS) {
  const video = read(`${clip.name}.webm`);
  const template: FaceTemplate = await engine.enroll(ENROLL[clip.who].map((f) => read(`enroll_${clip.who}_${f}.jpg`)));
  const check = await cpuOf(() => engine.verifyVideo(video, template));
  const { readings, identityRuns } = last;
  const readCount = readings.filter((r) => !r.skipped).length;

  // decode: ffmpeg's share and this process's
  const ffmpeg: number[] = [];
  const decodeAll: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const [c0, k0] = [cpuNow(), childrenCpu()];
    const v = await decodeVideo(video, { fps: FPS, timeoutMs: 60_000 });
    v.release();
    decodeAll.push(cpuNow() - c0);
    ffmpeg.push(childrenCpu() - k0);
  }
  const v = await decodeVideo(video, { fps: FPS, timeoutMs: 60_000 });
  const { frames, width, height } = v;
  const n = frames.length;
  const liveness = await cpuOf(async () => {
    for (const [start, end] of segments(n)) await readFrames(m, frames.slice(start, end), width, height, true);
  });
  const staging = await cpuOf(async () => {
    for (const rgb of frames) m.tf.dispose(rgbTensor<Tf.Rank.R3>(m.tf, rgb, [height, width, 3]));
  });
  const tracked = await cpuOf(() => humanOver(m, frames, width, height, { detectEvery: 1e6, iris: true }));
  const noIris = await cpuOf(() => humanOver(m, frames, width, height, { detectEvery: 1e6, iris: false }));
  const detectEach = await cpuOf(() => humanOver(m, frames, width, height, { detectEvery: 1, iris: true }));
  const chips = readings.map((r, i) => [i, r.chip] as const).filter((x): x is readonly [number, [number, number, number, number]] => !!x[1]);
  const sample = chips.filter((_, k) => k % Math.max(1, Math.floor(chips.length / 8)) === 0).slice(0, 8);
  const chip = await cpuOf(async () => {
    for (const [i, box] of sample) await describeChip(m, frames[i], width, height, box);
  });
  const chain = await cpuOf(async () => {
    for (const [i] of sample.slice(0, 3)) await describeFace(m, frames[i], width, height, false);
  });
  v.release();

  const perFrame = (x: { cpu: number }) => (x.cpu / n) * 1000;
  const perChip = (chip.cpu / sample.length) * 1000;
  const identityCpu = (perChip * identityRuns) / 1000;
  const stages: [string, string, number][] = [
    ['decode: ffmpeg', `${n} frames at ${FPS} fps, ${width}x${height}`, median(ffmpeg)],
    ['decode: this process (frames from RAM)', '', median(decodeAll) - median(ffmpeg)],
    ['liveness: Human over the runs (engine read)', `${readCount} of ${n} frames read, ${segments(n).length} runs`, liveness.cpu],
    ['identity: recognizer on the mesh box', `${identityRuns} runs x ${perChip.toFixed(1)} ms`, identityCpu],
  ];
  const staged = stages.reduce((a, [, , c]) => a + c, 0);
  console.log(`\n## ${clip.name} (enrolled as ${clip.who}): verdict ${check.result.reason}; engine, one worker: ${check.cpu.toFixed(3)} CPU-s a check`);
  console.log('| stage | what | CPU-s a check | share |');
  console.log('|---|---|---|---|');
  for (const [name, what, cpu] of stages) console.log(`| ${name} | ${what} | ${cpu.toFixed(3)} | ${((100 * cpu) / check.cpu).toFixed(0)}% |`);
  console.log(
    `| the rest: hand-offs, analysis, verdict | engine total less the stages | ${(check.cpu - staged).toFixed(3)} | ${((100 * (check.cpu - staged)) / check.cpu).toFixed(0)}% |`,
  );
  console.log(
    `per frame (ms CPU, every frame of the clip in order): tensor alone ${perFrame(staging).toFixed(1)}; mesh + iris following the box ${perFrame(tracked).toFixed(1)} (iris ${(perFrame(tracked) - perFrame(noIris)).toFixed(1)} of it); with the detector on every frame ${perFrame(detectEach).toFixed(1)} (detector ${(perFrame(detectEach) - perFrame(tracked)).toFixed(1)})`,
  );
  console.log(
    `per identity run (ms CPU): recognizer on the mesh box ${perChip.toFixed(1)}; face-api's whole chain ${((chain.cpu / Math.min(3, sample.length)) * 1000).toFixed(1)}`,
  );
}
console.log(`\nload average at end: ${loadAverage()}`);
await engine.close();
