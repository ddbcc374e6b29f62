import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '@server/env';
import { createFaceEngine, type FaceTemplate } from '@server/face/index';
import { fixture, hasFixtures, NO_FIXTURES_MESSAGE } from '@harness/face-fixtures';
import { buildSplice, SPLICES } from '@harness/splice-clips';
import { cpuNow, loadAverage } from '../support/cpu-time';
import { median } from '../support/median';

/**
 * `npm run bench:face-cpu -- [--runs 5] [--only NAME]`: CPU-seconds a face check costs, the figure that
 * sets how fast a class-start burst drains (2 cores = 2 CPU-s per second), and every fixture clip's verdict on each
 * run. CPU is this process's user + system time (all its threads: the engine's workers) plus ffmpeg's (reaped
 * children), so it moves far less with the machine's load than wall-clock time does.
 */
if (!hasFixtures) {
  console.error(NO_FIXTURES_MESSAGE);
  process.exit(2);
}
const { values } = parseArgs({ options: { runs: { type: 'string' }, only: { type: 'string' } } });
const RUNS = Number(values.runs ?? 5);

const ENROLL = { aoc: ['f005', 'f045', 'f070'], mcguinness: ['f003', 'f025', 'f115'], d0: ['f005', 'f030', 'f050'] } as const;
type Who = keyof typeof ENROLL;
// the environment's FACE_* settings apply (a longer FACE_JOB_TIMEOUT_MS keeps a loaded machine from answering busy)
const engine = await createFaceEngine(loadConfig().face);
const templates = {} as Record<Who, FaceTemplate>;
for (const who of Object.keys(ENROLL) as Who[])
  templates[who] = await engine.enroll(ENROLL[who].map((f) => fs.readFileSync(fixture('clips', `enroll_${who}_${f}.jpg`))));
const read = (name: string) => fs.readFileSync(fixture('clips', name));
const cases: { name: string; video: Buffer; who: Who; expect: string }[] = (
  [
    { name: 'aoc_3blinks_3s', video: read('aoc_3blinks_3s.webm'), who: 'aoc', expect: 'accepted' },
    { name: 'aoc_3blinks_3s as mcguinness', video: read('aoc_3blinks_3s.webm'), who: 'mcguinness', expect: 'identity_mismatch' },
    { name: 'd0_man_1blink_3s', video: read('d0_man_1blink_3s.webm'), who: 'd0', expect: 'accepted' },
    { name: 'mcguinness_0blinks_3s', video: read('mcguinness_0blinks_3s.webm'), who: 'mcguinness', expect: 'no_blink' },
    { name: 'spoof_print_attack_3s', video: read('spoof_print_attack_3s.webm'), who: 'aoc', expect: 'no_blink' },
    { name: 'spoof_screen_replay_3s', video: read('spoof_screen_replay_3s.webm'), who: 'mcguinness', expect: 'no_blink' },
    ...SPLICES.map((s) => ({ name: s.name, video: buildSplice(s), who: s.enrolledAs as Who, expect: 'face_changed' })),
  ] as { name: string; video: Buffer; who: Who; expect: string }[]
).filter((c) => !values.only || c.name.includes(values.only));

console.log(`load average at start: ${loadAverage()}; ${RUNS} runs a clip, one check at a time`);
console.log('| clip (enrolled as) | expected | verdicts (runs) | blinks | distance | CPU-s a check (median, min-max) | wall ms (median) |');
console.log('|---|---|---|---|---|---|---|');
const allCpu: number[] = [];
let wrong = 0;
for (const c of cases) {
  const cpu: number[] = [];
  const wall: number[] = [];
  const verdicts: Record<string, number> = {};
  const blinks = new Set<number>();
  const dist = new Set<number | null>();
  for (let i = 0; i < RUNS; i++) {
    const c0 = cpuNow();
    const v = await engine.verifyVideo(c.video, templates[c.who]);
    // ffmpeg is reaped by the time the verdict exists; a tick of slack for its accounting
    cpu.push(cpuNow() - c0);
    wall.push(v.ms);
    verdicts[v.reason] = (verdicts[v.reason] ?? 0) + 1;
    blinks.add(v.blink_count);
    dist.add(v.similarity);
    if (v.reason !== c.expect) wrong++;
  }
  allCpu.push(...cpu);
  const vs = Object.entries(verdicts)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  console.log(
    `| ${c.name} (${c.who}) | ${c.expect} | ${vs} | ${[...blinks].join('/')} | ${[...dist].join('/')} | ${median(cpu).toFixed(2)} (${Math.min(...cpu).toFixed(2)}-${Math.max(...cpu).toFixed(2)}) | ${median(wall)} |`,
  );
}
console.log(
  `all checks: CPU-s a check median ${median(allCpu).toFixed(2)}, mean ${(allCpu.reduce((a, b) => a + b, 0) / allCpu.length).toFixed(2)}; verdicts different from expected: ${wrong}`,
);
console.log(`load average at end: ${loadAverage()}`);
await engine.close();
