import fs from 'node:fs';
import { decodeImage, decodeVideo } from '@server/face/decoding/index';
import { euclidean, meanDescriptor } from '@server/face/analysis/index';
import { Slots } from '@server/lib/slots';
import { describeChip, describeFace, loadModels, readFrames, warmUp } from '@server/face/scheduling/worker/index';
import { fixture, hasFixtures, NO_FIXTURES_MESSAGE } from '@harness/face-fixtures';
import { buildSplice, SPLICES } from '@harness/splice-clips';
import { loadAverage } from '../support/cpu-time';

/**
 * `npm run bench:face-chip`: does identifying a video frame from Human's mesh box (chip.ts, the
 * recognizer alone) give the descriptors face-api's own chain (detector, 68 landmarks, recognizer) gives? On every
 * sampled frame of the fixture clips and splices: the distance between the two descriptors of a frame, and each
 * one's distance to the enrolled mean of the person shown (genuine) and of the others (impostor), with the time each
 * way takes.
 */
if (!hasFixtures) {
  console.error(NO_FIXTURES_MESSAGE);
  process.exit(2);
}
const m = await loadModels({ role: 'full' });
await warmUp(m);
const ENROLL = { aoc: ['f005', 'f045', 'f070'], mcguinness: ['f003', 'f025', 'f115'], d0: ['f005', 'f030', 'f050'] } as const;
type Who = keyof typeof ENROLL;
const means = {} as Record<Who, Float32Array>;
for (const who of Object.keys(ENROLL) as Who[]) {
  const ds: Float32Array[] = [];
  for (const f of ENROLL[who]) {
    const img = await decodeImage(fs.readFileSync(fixture('clips', `enroll_${who}_${f}.jpg`)), 1, new Slots(1));
    ds.push(Float32Array.from((await describeFace(m, img.rgb, img.width, img.height, false)).descriptor!));
  }
  means[who] = meanDescriptor(ds);
}
/** Who each frame shows: whole clips are one person; a splice is the first piece's person for its first 1.5 s. */
const clips: { name: string; video: Buffer; shows: (t: number) => Who | 'photo-mcguinness' }[] = [
  { name: 'aoc_3blinks_3s', video: fs.readFileSync(fixture('clips', 'aoc_3blinks_3s.webm')), shows: () => 'aoc' },
  { name: 'd0_man_1blink_3s', video: fs.readFileSync(fixture('clips', 'd0_man_1blink_3s.webm')), shows: () => 'd0' },
  { name: 'mcguinness_0blinks_3s', video: fs.readFileSync(fixture('clips', 'mcguinness_0blinks_3s.webm')), shows: () => 'mcguinness' },
  ...SPLICES.map((s) => ({
    name: s.name,
    video: buildSplice(s),
    shows: (t: number) => {
      const piece = s.pieces[t < 1.5 ? 0 : 1];
      return 'photo' in piece ? ('mcguinness' as const) : (piece.clip.split('_')[0] as Who);
    },
  })),
];
const fmt = (xs: number[]) => (xs.length ? `${Math.min(...xs).toFixed(3)}-${Math.max(...xs).toFixed(3)}` : '-');
console.log(`load average at start: ${loadAverage()}`);
console.log('| clip | frames | chip vs chain, same frame (median, max) | genuine: chain / chip | impostor: chain / chip | ms a frame: chain / chip |');
console.log('|---|---|---|---|---|---|');
const all = { self: [] as number[], genChain: [] as number[], genChip: [] as number[], impChain: [] as number[], impChip: [] as number[] };
for (const c of clips) {
  const v = await decodeVideo(c.video, { fps: 12.5, timeoutMs: 20_000 });
  const readings = await readFrames(m, v.frames, v.width, v.height);
  const row = {
    self: [] as number[],
    genChain: [] as number[],
    genChip: [] as number[],
    impChain: [] as number[],
    impChip: [] as number[],
    chainMs: 0,
    chipMs: 0,
    n: 0,
  };
  for (let f = 0; f < v.frames.length; f++) {
    const chip = readings[f].chip;
    if (!chip) continue;
    let t = performance.now();
    const chain = (await describeFace(m, v.frames[f], v.width, v.height, false)).descriptor;
    row.chainMs += performance.now() - t;
    t = performance.now();
    const fromMesh = (await describeChip(m, v.frames[f], v.width, v.height, chip)).descriptor;
    row.chipMs += performance.now() - t;
    if (!chain || !fromMesh) continue;
    row.n++;
    const a = Float32Array.from(chain);
    const b = Float32Array.from(fromMesh);
    row.self.push(euclidean(a, b));
    const who = c.shows(f / v.fps);
    for (const [name, mean] of Object.entries(means)) {
      const genuine = name === who;
      (genuine ? row.genChain : row.impChain).push(euclidean(a, mean));
      (genuine ? row.genChip : row.impChip).push(euclidean(b, mean));
    }
  }
  v.release();
  const sorted = [...row.self].sort((x, y) => x - y);
  console.log(
    `| ${c.name} | ${row.n} | ${sorted[Math.floor(sorted.length / 2)]?.toFixed(3)}, ${sorted.at(-1)?.toFixed(3)} | ${fmt(row.genChain)} / ${fmt(row.genChip)} | ${fmt(row.impChain)} / ${fmt(row.impChip)} | ${Math.round(row.chainMs / row.n)} / ${Math.round(row.chipMs / row.n)} |`,
  );
  for (const k of ['self', 'genChain', 'genChip', 'impChain', 'impChip'] as const) all[k].push(...row[k]);
}
console.log(`all frames: genuine chain ${fmt(all.genChain)}, chip ${fmt(all.genChip)}; impostor chain ${fmt(all.impChain)}, chip ${fmt(all.impChip)}`);
console.log(`load average at end: ${loadAverage()}`);
