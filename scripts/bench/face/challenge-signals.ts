import fs from 'node:fs';
import path from 'node:path';
import { analyseClip, BLINK_RULES, CHALLENGE_BLINKS, seenMoves, turnEvents } from '@server/face/analysis/index';
import type { FrameReading } from '@server/face/protocol';
import { decodeVideo } from '@server/face/decoding/index';
import { segments } from '@server/face/segments';
import { loadModels, readFrames, warmUp } from '@server/face/scheduling/worker/index';
import { fixture, hasFixtures, NO_FIXTURES_MESSAGE } from '@harness/face-fixtures';
import { buildChallengeSplice, CHALLENGE_SPLICES } from '@harness/challenge-clips';
import { median } from '../support/median';

/**
 * `npm run bench:face-challenge-signals -- [--fresh] [--frames] [--splits]`: every frame (12.5 fps, as the engine
 * samples) of every challenge fixture clip and order cut (scripts/harness/challenge-clips.ts), read as the engine reads
 * them (the engine's fixed runs, quiet frames skipped: worker/tracking.ts); prints per clip the farthest held turn each
 * way by Human's yaw and by the mesh's nose offset (turn.ts), the clip's frontal pose, the turns the chosen
 * rule sees (turn.ts), each eye's dips against its open baseline, and the blinks and moves the challenge reads
 * (challenge.ts). --frames prints every frame. --splits reads each clip again split between two workers at every
 * frame in turn (the engine cuts at fixed runs since segments.ts: this shows how much a rule leans on the cut) and prints how the turns
 * and moves read vary with the split. Readings are cached in .scratch/face-challenge-{signals,splits}.json.
 */
if (!hasFixtures) {
  console.error(NO_FIXTURES_MESSAGE);
  process.exit(2);
}
const CACHE = path.resolve('.scratch/face-challenge-signals.json');
const FPS = 12.5;
const CLIPS = [
  'c01_p1_left_blink',
  'c02_p1_right_blink',
  'c03_p1_still_blink',
  'c07_p3_wink_right_blink',
  'c08_p3_left_right',
  'c09_p3_still_blink',
  'c10_p3_wink',
];

type Row = FrameReading & { t: number };

/** Read as the engine reads: the clip split between two workers, quiet frames skipped (tracking.ts). */
const allClips = (): [string, Buffer][] => [
  ...CLIPS.map((c): [string, Buffer] => [c, fs.readFileSync(fixture('challenge', `${c}.webm`))]),
  ...CHALLENGE_SPLICES.map((s): [string, Buffer] => [s.name, buildChallengeSplice(s)]),
];

async function readAll(): Promise<Record<string, Row[]>> {
  const m = await loadModels({ role: 'liveness' });
  await warmUp(m);
  const out: Record<string, Row[]> = {};
  for (const [name, bytes] of allClips()) {
    const v = await decodeVideo(bytes, { fps: FPS, timeoutMs: 60_000 });
    const readings: FrameReading[] = [];
    for (const [start, end] of segments(v.frames.length)) readings.push(...(await readFrames(m, v.frames.slice(start, end), v.width, v.height, true)));
    out[name] = readings.map(({ chip: _, ...r }, i) => ({ ...r, t: (i * 1000) / FPS }));
    v.release();
  }
  fs.mkdirSync(path.dirname(CACHE), { recursive: true });
  fs.writeFileSync(CACHE, JSON.stringify(out));
  return out;
}

const data: Record<string, Row[]> = !process.argv.includes('--fresh') && fs.existsSync(CACHE) ? JSON.parse(fs.readFileSync(CACHE, 'utf8')) : await readAll();
const f2 = (x: number | null | undefined, d = 2) => (x === null || x === undefined ? '-' : x.toFixed(d));
/** Farthest held excursion each way from a reference, each sample the median of it and its neighbours. */
function peaks(values: (number | null | undefined)[], ref: number) {
  const v = values.filter((x): x is number => x !== null && x !== undefined);
  const held = v.map((_, i) => median(v.slice(Math.max(0, i - 1), i + 2)) - ref);
  return { pos: Math.max(0, ...held), neg: Math.max(0, ...held.map((x) => -x)) };
}

if (process.argv.includes('--frames')) {
  for (const [name, rows] of Object.entries(data)) {
    console.log(`\n${name}\n     t  yaw_deg  turn  pitch  left  right`);
    for (const r of rows)
      console.log(
        [(r.t / 1000).toFixed(2), f2(r.yaw === undefined ? null : (r.yaw * 180) / Math.PI), f2(r.turn), f2(r.pitch), f2(r.left), f2(r.right)]
          .map((x) => x.padStart(6))
          .join(' '),
      );
  }
}

console.log('\n## Turn signals: farthest held reading each way (own left / own right)\n');
console.log('| clip | Human yaw, deg (abs) | nose offset (abs) | frontal | nose offset from frontal | turns seen |');
console.log('|---|---|---|---|---|---|');
for (const [name, rows] of Object.entries(data)) {
  const yaw = peaks(
    rows.map((r) => (r.yaw === undefined ? null : (-r.yaw * 180) / Math.PI)),
    0,
  );
  const abs = peaks(
    rows.map((r) => r.turn),
    0,
  );
  const samples = rows.flatMap((r) => (r.turn === undefined ? [] : [{ t: r.t, turn: r.turn }]));
  const seen = turnEvents(samples);
  const rel = peaks(
    rows.map((r) => r.turn),
    seen.frontal,
  );
  const ev = seen.events.map((e) => `${e.step === 'turn_left' ? 'L' : 'R'} ${(e.peak / 1000).toFixed(2)} s (${e.size.toFixed(3)})`).join(', ');
  console.log(
    `| ${name} | ${f2(yaw.pos, 1)} / ${f2(yaw.neg, 1)} | ${f2(abs.pos, 3)} / ${f2(abs.neg, 3)} | ${f2(seen.frontal, 3)} | ${f2(rel.pos, 3)} / ${f2(rel.neg, 3)} | ${ev || 'none'} |`,
  );
}

console.log('\n## Eyes: dips (mean of both eyes at or under 0.65 of their open baseline) and blinks\n');
console.log("| clip | baseline L / R | dips: time, left / right ratio at the deepest sample | blinks, challenge rule | blinks, today's rule | moves seen |");
console.log('|---|---|---|---|---|---|');
for (const [name, rows] of Object.entries(data)) {
  const q = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.round(BLINK_RULES.baselineQuantile * (xs.length - 1))];
  const ok = rows.filter((r) => r.left !== null && r.right !== null);
  const base = { left: q(ok.map((r) => r.left!)), right: q(ok.map((r) => r.right!)) };
  const dips: string[] = [];
  let run: Row[] = [];
  const flush = () => {
    if (!run.length) return;
    const deep = run.reduce((a, b) => (a.left! / base.left + a.right! / base.right <= b.left! / base.left + b.right! / base.right ? a : b));
    dips.push(
      `${(run[0].t / 1000).toFixed(2)}-${(run[run.length - 1].t / 1000).toFixed(2)} s: ${f2(deep.left! / base.left)} / ${f2(deep.right! / base.right)}`,
    );
    run = [];
  };
  for (const r of rows) {
    if (r.left !== null && r.right !== null && (r.left / base.left + r.right / base.right) / 2 <= BLINK_RULES.closedRatio) run.push(r);
    else flush();
  }
  flush();
  const readings: FrameReading[] = rows;
  const challenge = analyseClip(readings, FPS, CHALLENGE_BLINKS).blinks;
  const today = analyseClip(readings, FPS).blinks;
  const list = (bs: { before: number | null; after: number | null }[]) => bs.map((b) => `${b.before ?? '^'}-${b.after ?? '$'}`).join(', ') || 'none';
  const moves = seenMoves(readings, FPS, challenge)
    .map((m) => `${m.step} ${(m.at_ms / 1000).toFixed(2)}`)
    .join(', ');
  console.log(`| ${name} | ${f2(base.left, 3)} / ${f2(base.right, 3)} | ${dips.join('; ') || 'none'} | ${list(challenge)} | ${list(today)} | ${moves} |`);
}

if (process.argv.includes('--splits')) {
  const SPLITS = path.resolve('.scratch/face-challenge-splits.json');
  const cached: Record<string, FrameReading[][]> = fs.existsSync(SPLITS) ? JSON.parse(fs.readFileSync(SPLITS, 'utf8')) : {};
  const m = await loadModels({ role: 'liveness' });
  await warmUp(m);
  console.log('\n## Every two-worker split (first share = frames 0..k-1): turn peaks from frontal and moves read\n');
  console.log("| clip | splits | own left, min-max | own right, min-max | moves read (splits), today's blink rule | moves read (splits), the challenge's |");
  console.log('|---|---|---|---|---|---|');
  for (const [name, bytes] of allClips()) {
    if (!cached[name]) {
      const v = await decodeVideo(bytes, { fps: FPS, timeoutMs: 60_000 });
      cached[name] = [];
      for (let k = 1; k < v.frames.length; k++) {
        const readings: FrameReading[] = [];
        for (const share of [v.frames.slice(0, k), v.frames.slice(k)]) readings.push(...(await readFrames(m, share, v.width, v.height, true)));
        cached[name].push(readings.map(({ chip: _, ...r }) => r));
      }
      v.release();
      fs.writeFileSync(SPLITS, JSON.stringify(cached));
    }
    const pos: number[] = [];
    const neg: number[] = [];
    const outcomes = [new Map<string, number>(), new Map<string, number>()];
    for (const readings of cached[name]) {
      const samples = readings.flatMap((r, i) => (r.turn === undefined || r.skipped ? [] : [{ t: (i * 1000) / FPS, turn: r.turn }]));
      const { held } = turnEvents(samples);
      pos.push(Math.max(0, ...held.map((h) => h.rel)));
      neg.push(Math.max(0, ...held.map((h) => -h.rel)));
      [undefined, CHALLENGE_BLINKS].forEach((how, j) => {
        const moves = seenMoves(readings, FPS, analyseClip(readings, FPS, how).blinks)
          .map((x) => x.step.replace('turn_', ''))
          .join(',');
        outcomes[j].set(moves || 'none', (outcomes[j].get(moves || 'none') ?? 0) + 1);
      });
    }
    const range = (xs: number[]) => `${Math.min(...xs).toFixed(3)}-${Math.max(...xs).toFixed(3)}`;
    const list = (o: Map<string, number>) => [...o].map(([k, n]) => `${k} (${n})`).join('; ');
    console.log(`| ${name} | ${cached[name].length} | ${range(pos)} | ${range(neg)} | ${list(outcomes[0])} | ${list(outcomes[1])} |`);
  }
}
