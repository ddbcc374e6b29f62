import fs from 'node:fs';
import { analyseClip, completeIdentity, judgeVideo, meanDescriptor, windowFrames } from '@server/face/analysis/index';
import { resolveOptions } from '@server/face/index';
import { Slots } from '@server/lib/slots';
import { decodeImage, decodeVideo } from '@server/face/decoding/index';
import { describeChip, describeFace, loadModels, readFrames, warmUp } from '@server/face/scheduling/worker/index';
import { fixture, hasFixtures, NO_FIXTURES_MESSAGE } from '@harness/face-fixtures';
import { buildSplice, SPLICES } from '@harness/splice-clips';
import { loadAverage } from '../support/cpu-time';

/**
 * `npm run bench:continuity`: what identity across the clip costs and catches. One thread, in process: for each
 * fixture clip and splice, the identity frames the engine's planner asks for (windows, tracks, blink flanks), the
 * face-api time they take beside the liveness time, and the verdict.
 */
if (!hasFixtures) {
  console.error(NO_FIXTURES_MESSAGE);
  process.exit(2);
}
const ENROLL = { aoc: ['f005', 'f045', 'f070'], mcguinness: ['f003', 'f025', 'f115'], d0: ['f005', 'f030', 'f050'] } as const;
type Who = keyof typeof ENROLL;
const m = await loadModels({ role: 'full' });
await warmUp(m);
const describe = async (rgb: Uint8Array, w: number, h: number) => {
  const r = await describeFace(m, rgb, w, h, false);
  return r.descriptor ? Float32Array.from(r.descriptor) : null;
};
/** One face-api call at a time, as worker 0 runs them in the engine. */
const oneAtATime = new Slots(1);
/** The photos are decoded one after another: a slot of their own. */
const decodes = new Slots(1);
const templates = {} as Record<Who, { mean: Float32Array; descriptors: Float32Array[]; model: string }>;
for (const who of Object.keys(ENROLL) as Who[]) {
  const ds: Float32Array[] = [];
  for (const f of ENROLL[who]) {
    const img = await decodeImage(fs.readFileSync(fixture('clips', `enroll_${who}_${f}.jpg`)), 1, decodes);
    ds.push((await describe(img.rgb, img.width, img.height))!);
  }
  templates[who] = { descriptors: ds, mean: meanDescriptor(ds), model: 'bench' };
}
const cases: [string, Buffer, Who][] = [
  ['aoc_3blinks_3s', fs.readFileSync(fixture('clips', 'aoc_3blinks_3s.webm')), 'aoc'],
  ['d0_man_1blink_3s', fs.readFileSync(fixture('clips', 'd0_man_1blink_3s.webm')), 'd0'],
  ['mcguinness_0blinks_3s', fs.readFileSync(fixture('clips', 'mcguinness_0blinks_3s.webm')), 'mcguinness'],
  ['spoof_print_attack_3s', fs.readFileSync(fixture('clips', 'spoof_print_attack_3s.webm')), 'aoc'],
  ...SPLICES.map((s) => [s.name, buildSplice(s), s.enrolledAs] as [string, Buffer, Who]),
];
console.log(`load average at start: ${loadAverage()}`);
console.log('| clip (enrolled as) | verdict | tracks | frames read for liveness | identity frames (windows + after) | identity ms | liveness ms |');
console.log('|---|---|---|---|---|---|---|');
for (const [name, bytes, who] of cases) {
  const v = await decodeVideo(bytes, { fps: 12.5, timeoutMs: 20_000 });
  let t = performance.now();
  const readings = await readFrames(m, v.frames, v.width, v.height, true);
  const livenessMs = performance.now() - t;
  t = performance.now();
  // as the engine: the recognizer alone on the mesh's box where liveness read the frame, face-api's chain elsewhere
  const describeAt = (f: number) =>
    oneAtATime.run(async () => {
      const chip = readings[f]?.chip;
      if (!chip) return describe(v.frames[f], v.width, v.height);
      const r = await describeChip(m, v.frames[f], v.width, v.height, chip);
      return r.descriptor ? Float32Array.from(r.descriptor) : null;
    });
  const firsts = windowFrames(v, readings);
  const probes = new Map<number, Float32Array | null>();
  for (const f of firsts) probes.set(f, await describeAt(f));
  await completeIdentity(v, readings, probes, describeAt, { mean: templates[who].mean, threshold: resolveOptions().threshold, minBlinks: 1 });
  const windows = firsts.length;
  const clip = analyseClip(readings, v.fps);
  const identityMs = performance.now() - t;
  const { verdict } = judgeVideo({ readings, fps: v.fps, probes, template: templates[who], minBlinks: 1, threshold: resolveOptions().threshold });
  console.log(
    `| ${name} (${who}) | ${verdict.reason} | ${clip.tracks.length} | ${readings.filter((r) => !r.skipped).length} of ${readings.length} | ${probes.size} (${windows} + ${probes.size - windows}) | ${Math.round(identityMs)} | ${Math.round(livenessMs)} |`,
  );
  v.release();
}
console.log(`load average at end: ${loadAverage()}`);
