import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { bestAtZeroFalseAccept, fixturePhotos, ratesAt, runTrials } from '../support/eval/identity-eval';
import { photoDescriptor, type Chain } from '../support/eval/descriptors';
import { loadConfig } from '@server/env';
import { FIXTURES_DIR as ROOT, hasFixtures } from '@harness/face-fixtures';
import { createFaceEngine, type FaceTemplate, resolveOptions } from '@server/face/index';
import { loadModels, warmUp } from '@server/face/scheduling/worker/index';

/** `npm run bench:face [-- --runs 10 --inflight 4 --leak 200]`: latency, throughput, memory, identity rates. */
const { values } = parseArgs({ options: { runs: { type: 'string' }, inflight: { type: 'string' }, leak: { type: 'string' }, json: { type: 'string' } } });
const RUNS = Number(values.runs ?? 10);
const INFLIGHT = Number(values.inflight ?? 4);
const LEAK = Number(values.leak ?? 200);
if (!hasFixtures) process.exit(2);
const read = (...p: string[]) => fs.readFileSync(path.join(ROOT, ...p));
const mb = (b: number) => Math.round(b / 1048576);
const pct = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(q * xs.length) - 1)];
const stat = (xs: number[]) => ({ median: Math.round(pct(xs, 0.5)), p95: Math.round(pct(xs, 0.95)), n: xs.length });
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
const out: Record<string, unknown> = {
  date: new Date().toISOString(),
  cpu: os.cpus()[0]?.model,
  cores: os.cpus().length,
  memGb: Math.round(os.totalmem() / 2 ** 30),
  loadavgAtStart: os.loadavg().map((l) => +l.toFixed(2)),
};

// 1. Engine start, enrollment, per-clip latency
const rssBefore = process.memoryUsage().rss;
let t = performance.now();
const engine = await createFaceEngine(loadConfig().face);
out.engineStartMs = Math.round(performance.now() - t);
out.rssAfterStartMb = mb(process.memoryUsage().rss);
out.rssBeforeEngineMb = mb(rssBefore);
const AOC = ['enroll_aoc_f005.jpg', 'enroll_aoc_f045.jpg', 'enroll_aoc_f070.jpg'].map((f) => read('clips', f));
const MCG = ['enroll_mcguinness_f003.jpg', 'enroll_mcguinness_f025.jpg', 'enroll_mcguinness_f115.jpg'].map((f) => read('clips', f));
const enrollMs: number[] = [];
let aoc!: FaceTemplate;
for (let i = 0; i < RUNS; i++) {
  t = performance.now();
  aoc = await engine.enroll(AOC);
  enrollMs.push(performance.now() - t);
}
const mcg = await engine.enroll(MCG);
out.enroll3Images = stat(enrollMs);
const clips = { aoc_3blinks_3s: aoc, mcguinness_0blinks_3s: mcg, spoof_print_attack_3s: aoc, spoof_screen_replay_3s: mcg };
const perClip: Record<string, unknown> = {};
const all: number[] = [];
for (const [name, template] of Object.entries(clips)) {
  const video = read('clips', `${name}.webm`);
  const ms: number[] = [];
  let last: Awaited<ReturnType<typeof engine.verifyVideo>> | undefined;
  for (let i = 0; i < RUNS; i++) {
    last = await engine.verifyVideo(video, template);
    ms.push(last.ms);
  }
  all.push(...ms);
  perClip[name] = { ...stat(ms), verdict: last!.reason, blinks: last!.blink_count, distance: last!.similarity };
}
out.perClip = perClip;
out.allClips = stat(all);

// 2. Throughput with several verifications in flight
const videos = Object.keys(clips).map((n) => read('clips', `${n}.webm`));
const total = Math.max(16, INFLIGHT * 4);
let next = 0;
const lat: number[] = [];
t = performance.now();
await Promise.all(
  Array.from({ length: INFLIGHT }, async () => {
    while (next < total) {
      const i = next++;
      lat.push((await engine.verifyVideo(videos[i % videos.length], aoc)).ms);
    }
  }),
);
const secs = (performance.now() - t) / 1000;
out.throughput = { inFlight: INFLIGHT, verifications: total, perSecond: +(total / secs).toFixed(2), latency: stat(lat) };

// 3. Leak check: many jobs in a row
const m0 = engine.debugMemory();
const rssSeries: number[] = [];
for (let i = 0; i < LEAK; i++) {
  if (i % 20 === 19) await engine.enroll(AOC);
  else await engine.verifyVideo(videos[i % videos.length], aoc);
  rssSeries.push(process.memoryUsage().rss);
}
const m1 = engine.debugMemory();
out.leak = {
  jobs: LEAK,
  tensorsBefore: m0.workers.map((w) => w.numTensors),
  tensorsAfter: m1.workers.map((w) => w.numTensors),
  wasmHeapMbAfter: m1.workers.map((w) => mb(w.wasmHeapBytes)),
  rssMbAt10pct: mb(rssSeries[Math.floor(LEAK / 10)] ?? 0),
  rssMbAtEnd: mb(rssSeries.at(-1) ?? 0),
};
out.peakRssWithEngineMb = mb(peakRss);
await engine.close();
clearInterval(sampler);

// 4. Identity rates on the fixture photos: the engine's chain beside face-api's SSD chain and Human's faceres
const models = await loadModels({ role: 'full', ssd: true, faceres: true });
await warmUp(models);
const photos = fixturePhotos(ROOT);
const identity: Record<string, unknown> = {};
for (const chain of ['engine', 'faceapi-ssd', 'human-faceres'] as Chain[]) {
  const ds: (Float32Array | null)[] = [];
  const ms: number[] = [];
  for (const p of photos) {
    t = performance.now();
    ds.push(await photoDescriptor(models, chain, fs.readFileSync(p.file)));
    ms.push(performance.now() - t);
  }
  const trials = runTrials(photos, ds);
  const fixed = ratesAt(trials, resolveOptions().threshold); // the engine's threshold (face-api distances; faceres lives on another scale)
  const best = bestAtZeroFalseAccept(trials);
  identity[chain] = {
    photos: photos.length,
    noFace: ds.filter((d) => !d).length,
    msPerPhoto: stat(ms),
    trials: fixed.trials,
    at050: chain === 'human-faceres' ? null : { genuineAcceptPct: +(100 * fixed.genuineAccept).toFixed(1), falseAccepts: fixed.falseAccepts },
    atZeroFalseAccept: { threshold: +best.threshold.toFixed(3), genuineAcceptPct: +(100 * best.genuineAccept).toFixed(1) },
  };
}
out.identity = identity;
out.loadavgAtEnd = os.loadavg().map((l) => +l.toFixed(2));
if (values.json) fs.writeFileSync(values.json, JSON.stringify(out, null, 2));
printSummary();

function printSummary() {
  type S = { median: number; p95: number; n: number };
  const line = (label: string, value: unknown) => console.log(`${label.padEnd(44)} ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  line('machine', `${out.cpu}, ${out.cores} cores, ${out.memGb} GB; load average ${out.loadavgAtStart} -> ${out.loadavgAtEnd}`);
  line('engine start (models loaded, warmed)', `${out.engineStartMs} ms`);
  line('enrollment of 3 images (median / p95)', `${(out.enroll3Images as S).median} / ${(out.enroll3Images as S).p95} ms`);
  for (const [name, c] of Object.entries(out.perClip as Record<string, S & { verdict: string; blinks: number; distance: number }>)) {
    line(`  ${name} (median / p95)`, `${c.median} / ${c.p95} ms  -> ${c.verdict}, ${c.blinks} blinks, distance ${c.distance}`);
  }
  line('all clips, one at a time (median / p95)', `${(out.allClips as S).median} / ${(out.allClips as S).p95} ms`);
  const tp = out.throughput as { inFlight: number; perSecond: number; latency: S };
  line(`throughput, ${tp.inFlight} in flight`, `${tp.perSecond}/s, latency median ${tp.latency.median} ms, p95 ${tp.latency.p95} ms`);
  const lk = out.leak as { jobs: number; tensorsBefore: number[]; tensorsAfter: number[]; rssMbAt10pct: number; rssMbAtEnd: number };
  line(`${lk.jobs} jobs: worker tensors before -> after`, `${lk.tensorsBefore} -> ${lk.tensorsAfter}; RSS ${lk.rssMbAt10pct} -> ${lk.rssMbAtEnd} MB`);
  line('RSS: before engine / after start / peak', `${out.rssBeforeEngineMb} / ${out.rssAfterStartMb} / ${out.peakRssWithEngineMb} MB`);
  for (const [chain, r] of Object.entries(
    identity as Record<
      string,
      {
        trials: { genuine: number; impostor: number };
        at050: { genuineAcceptPct: number; falseAccepts: number } | null;
        atZeroFalseAccept: { threshold: number; genuineAcceptPct: number };
        msPerPhoto: S;
      }
    >,
  )) {
    const fixed = r.at050 ? `at 0.50: ${r.at050.genuineAcceptPct}% genuine, ${r.at050.falseAccepts} false; ` : '';
    line(
      `identity ${chain} (${r.trials.genuine} gen / ${r.trials.impostor} imp)`,
      `${fixed}best at 0 false: ${r.atZeroFalseAccept.genuineAcceptPct}% (t=${r.atZeroFalseAccept.threshold}); ${r.msPerPhoto.median} ms/photo`,
    );
  }
}
