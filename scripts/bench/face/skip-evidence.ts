import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { analyseClip, between, BLINK_RULES, CLEARLY_OPEN, mayChange, OpenEyes } from '@server/face/analysis/index';
import { decodeVideo } from '@server/face/decoding/index';
import type { FrameReading } from '@server/face/protocol';
import { segments } from '@server/face/segments';
import { loadModels, readFrames, warmUp } from '@server/face/scheduling/worker/index';
import { fixture, hasFixtures, NO_FIXTURES_MESSAGE } from '@harness/face-fixtures';
import { buildLoopCut, buildSplice, SPLICES } from '@harness/splice-clips';

/**
 * `npm run bench:face-skip-evidence -- [--cache FILE] [--fresh]`: the evidence for which frames liveness may
 * leave out (skip.ts). Every frame of every fixture clip, splice and d0 loop cut is read (run by run, as the
 * engine cuts them: segments.ts), then reading schemes are replayed on those readings with skip.ts's own rule, in every
 * phase of their grid (where a blink falls against the frames read is chance), and their blinks compared with
 * the full reading's. Readings are cached (default .scratch/face-skip-readings.json); --fresh reads them again.
 */
if (!hasFixtures) {
  console.error(NO_FIXTURES_MESSAGE);
  process.exit(2);
}
const { values } = parseArgs({ options: { cache: { type: 'string' }, fresh: { type: 'boolean' } } });
const CACHE = path.resolve(values.cache ?? '.scratch/face-skip-readings.json');
const FPS = 12.5;
const LOOP_CUTS = [0, 1.2, 2.3, 2.45, 2.5, 2.55, 2.6, 2.65];

type Clip = { halves: number[]; readings: FrameReading[] };

async function readAll(): Promise<Record<string, Clip>> {
  const m = await loadModels({ role: 'liveness' });
  await warmUp(m);
  const clips: [string, Buffer][] = ['aoc_3blinks_3s', 'd0_man_1blink_3s', 'mcguinness_0blinks_3s', 'spoof_print_attack_3s', 'spoof_screen_replay_3s'].map(
    (c) => [c, fs.readFileSync(fixture('clips', `${c}.webm`))],
  );
  for (const s of SPLICES) clips.push([s.name, buildSplice(s)]);
  for (const o of LOOP_CUTS) clips.push([`d0 loop cut at ${o} s`, buildLoopCut('d0_man_1blink_3s', o)]);
  const out: Record<string, Clip> = {};
  for (const [name, bytes] of clips) {
    const v = await decodeVideo(bytes, { fps: FPS, timeoutMs: 60_000 });
    const halves = segments(v.frames.length).map(([start, end]) => v.frames.slice(start, end));
    const readings: FrameReading[] = [];
    for (const h of halves) readings.push(...(await readFrames(m, h, v.width, v.height, false)));
    out[name] = { halves: halves.map((h) => h.length), readings: readings.map(({ chip: _, ...r }) => r) };
    v.release();
  }
  fs.mkdirSync(path.dirname(CACHE), { recursive: true });
  fs.writeFileSync(CACHE, JSON.stringify(out));
  return out;
}

const data: Record<string, Clip> = !values.fresh && fs.existsSync(CACHE) ? JSON.parse(fs.readFileSync(CACHE, 'utf8')) : await readAll();
const halvesOf = (c: Clip) => c.halves.map((n, k) => c.readings.slice(c.halves.slice(0, k).reduce((a, b) => a + b, 0)).slice(0, n));
const blinkList = (rs: FrameReading[]) =>
  analyseClip(rs, FPS)
    .blinks.map((b) => `${b.before ?? '^'}-${b.after ?? '$'}`)
    .join(', ');

/** Which of mayChange's tests fires first for a gap (the same tests, in skip.ts's order). */
function why(a: FrameReading, b: FrameReading, open: OpenEyes, bound: number): string {
  const base = open.baseline();
  if (!base) return 'no baseline yet';
  if (a.faces !== 1 || b.faces !== 1 || !a.box || !b.box) return 'face count';
  const clear = (r: FrameReading) => r.left !== null && r.right !== null && r.left >= bound * base.left && r.right >= bound * base.right;
  if (!clear(a) || !clear(b)) return 'eye not clearly open';
  return mayChange(a, b, open, bound) ? 'head turned, nodding or moving' : '';
}

/**
 * One worker's half read with `stride` (the first step `phase` frames, then `stride`), filling a gap whole when
 * skip.ts's rule says something may change in it; a gap left out gets skip.ts's `between` readings.
 */
function replay(full: FrameReading[], stride: number, phase: number, bound: number, reasons?: Map<string, number>) {
  const out: FrameReading[] = new Array(full.length);
  const open = new OpenEyes();
  let reads = 0;
  const read = (i: number) => {
    out[i] = full[i];
    open.add(full[i]);
    reads++;
  };
  read(0);
  for (let a = 0; a < full.length - 1; ) {
    const b = Math.min(a === 0 ? phase : a + stride, full.length - 1);
    read(b);
    if (b - a > 1) {
      const w = why(out[a], out[b], open, bound);
      if (reasons && w) reasons.set(w, (reasons.get(w) ?? 0) + 1);
      if (mayChange(out[a], out[b], open, bound)) for (let i = a + 1; i < b; i++) read(i);
      else for (let i = a + 1; i < b; i++) out[i] = between(out[a], out[b]);
    }
    a = b;
  }
  return { out, reads };
}

// 1. Every closed frame (as blink.ts judges it, on the clip's own baseline) and the frames 80 and 160 ms from it.
console.log('\n## Closed frames: openness of the frames around them (less-open eye, fraction of the open baseline)\n');
console.log('| clip | frame | itself | -2 | -1 | +1 | +2 |');
console.log('|---|---|---|---|---|---|---|');
let worstBefore = 0;
let worstNearer = 0;
for (const [name, clip] of Object.entries(data)) {
  const rs = clip.readings.filter((r) => r.left !== null && r.right !== null);
  const q = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.round(BLINK_RULES.baselineQuantile * (xs.length - 1))];
  const base = { left: q(rs.map((r) => r.left!)), right: q(rs.map((r) => r.right!)) };
  let start = 0;
  for (const half of halvesOf(clip)) {
    const o = (j: number) => (half[j]?.left == null || half[j]?.right == null ? null : Math.min(half[j].left! / base.left, half[j].right! / base.right));
    half.forEach((r, j) => {
      if (r.left === null || r.right === null) return;
      const l = r.left / base.left;
      const rr = r.right / base.right;
      if ((l + rr) / 2 > BLINK_RULES.closedRatio || l > BLINK_RULES.eyeClosedRatio || rr > BLINK_RULES.eyeClosedRatio) return;
      const cell = (k: number) => (o(j + k) === null ? 'edge' : o(j + k)!.toFixed(2));
      console.log(`| ${name} | ${start + j} | ${o(j)!.toFixed(2)} | ${cell(-2)} | ${cell(-1)} | ${cell(1)} | ${cell(2)} |`);
      if (o(j - 1) !== null) worstBefore = Math.max(worstBefore, o(j - 1)!);
      const near = [o(j - 1), o(j + 1)].filter((x) => x !== null) as number[];
      if (near.length === 2) worstNearer = Math.max(worstNearer, Math.min(...near));
    });
    start += half.length;
  }
}
console.log(`\nless-open of the two neighbours (what stride 2 needs under ${CLEARLY_OPEN}): at most ${worstNearer.toFixed(2)}`);
console.log(`the frame before a closed frame (one of the two a stride of 3 may have to rely on): up to ${worstBefore.toFixed(2)}`);

// 2. Schemes replayed in every phase of their grid, in each worker's half.
console.log('\n## Schemes, every phase: frames read and blinks against the full reading\n');
console.log('| stride | clearly-open bound | clip-phases | frames read (mean) | a blink lost | a flank moved |');
console.log('|---|---|---|---|---|---|');
const lost: string[] = [];
for (const [stride, bound] of [
  [2, CLEARLY_OPEN],
  [3, CLEARLY_OPEN],
  [3, 0.92],
  [3, 0.95],
  [3, 1.0],
] as const) {
  let runs = 0;
  let reads = 0;
  let lostN = 0;
  let moved = 0;
  for (const [name, clip] of Object.entries(data)) {
    const ref = blinkList(clip.readings);
    for (let phase = 1; phase <= stride; phase++) {
      const halves = halvesOf(clip).map((h) => replay(h, stride, phase, bound));
      const got = blinkList(halves.flatMap((h) => h.out));
      runs++;
      reads += halves.reduce((s, h) => s + h.reads, 0);
      const n = (x: string) => (x ? x.split(',').length : 0);
      if (n(got) < n(ref)) {
        lostN++;
        lost.push(`stride ${stride} at ${bound}, phase ${phase}: ${name} blinks ${got || 'none'} (all frames: ${ref})`);
      } else if (got !== ref) moved++;
    }
  }
  console.log(`| ${stride} | ${bound} | ${runs} | ${(reads / runs).toFixed(1)} | ${lostN} | ${moved} |`);
}
for (const l of lost) console.log(`- ${l}`);

// 3. The engine's grid (stride 2, phase 2): frames read per clip and which test asked for each gap to be read.
console.log("\n## The engine's rule (stride 2): frames read and why a gap was read\n");
console.log('| clip | frames read | blinks (all frames / skipping) | gaps read, by reason |');
console.log('|---|---|---|---|');
for (const [name, clip] of Object.entries(data)) {
  const reasons = new Map<string, number>();
  const halves = halvesOf(clip).map((h) => replay(h, 2, 2, CLEARLY_OPEN, reasons));
  const r = [...reasons].map(([k, v]) => `${k} ${v}`).join(', ');
  console.log(
    `| ${name} | ${halves.reduce((s, h) => s + h.reads, 0)} of ${clip.readings.length} | ${blinkList(clip.readings) || 'none'} / ${blinkList(halves.flatMap((h) => h.out)) || 'none'} | ${r} |`,
  );
}
process.exit(0);
