import fs from 'node:fs';
import { parseArgs } from 'node:util';
import type { ChallengeStep } from '@shared/face/face-challenge';
import { loadConfig } from '@server/env';
import { createFaceEngine, type FaceTemplate } from '@server/face/index';
import { CHALLENGE_ENROLL } from '@harness/challenge-clips';
import { fixture, hasFixtures, NO_FIXTURES_MESSAGE } from '@harness/face-fixtures';
import { cpuNow, loadAverage } from '../support/cpu-time';
import { median } from '../support/median';

/**
 * `npm run bench:face-challenge-cpu -- [--runs 5]`: CPU-seconds of a challenge check against today's
 * blink-only check of the same clip, alternating the two in one run (these machines differ up to 2x from day to
 * day, so only the ratio is compared). CPU is this process's user + system time (the engine's worker threads
 * included) plus its reaped children's (ffmpeg), as in cpu.ts.
 */
if (!hasFixtures) {
  console.error(NO_FIXTURES_MESSAGE);
  process.exit(2);
}
const { values } = parseArgs({ options: { runs: { type: 'string' } } });
const RUNS = Number(values.runs ?? 5);

// The model work each check did: liveness frames read (skip.ts leaves quiet ones out) and face-api recognizer runs.
const work = { read: 0, described: 0 };
const engine = await createFaceEngine(loadConfig().face, {
  onReadings: (r) => (work.read = r.filter((x) => !x.skipped).length),
  onIdentityRuns: (n) => (work.described = n),
});
const enroll = (dir: string, files: readonly string[]) => engine.enroll(files.map((f) => fs.readFileSync(fixture(dir, f))));
const templates: Record<string, FaceTemplate> = {
  aoc: await enroll('clips', ['enroll_aoc_f005.jpg', 'enroll_aoc_f045.jpg', 'enroll_aoc_f070.jpg']),
  p1: await enroll('challenge', CHALLENGE_ENROLL.p1),
  p3: await enroll('challenge', CHALLENGE_ENROLL.p3),
};
const cases: { name: string; video: Buffer; who: string; challenge: ChallengeStep[] }[] = [
  { name: 'aoc_3blinks_3s', video: fs.readFileSync(fixture('clips', 'aoc_3blinks_3s.webm')), who: 'aoc', challenge: ['blink'] },
  { name: 'c01_p1_left_blink', video: fs.readFileSync(fixture('challenge', 'c01_p1_left_blink.webm')), who: 'p1', challenge: ['turn_left', 'blink'] },
  { name: 'c02_p1_right_blink', video: fs.readFileSync(fixture('challenge', 'c02_p1_right_blink.webm')), who: 'p1', challenge: ['turn_right', 'blink'] },
  { name: 'c09_p3_still_blink', video: fs.readFileSync(fixture('challenge', 'c09_p3_still_blink.webm')), who: 'p3', challenge: ['blink'] },
];

console.log(`load average at start: ${loadAverage()}; ${RUNS} runs of each check, alternating, one at a time`);
console.log(
  '| clip (challenge) | blink-only: verdicts, CPU-s median | challenge: verdicts, CPU-s median | ratio challenge / blink-only | frames read + recognizer runs: blink-only, challenge |',
);
console.log('|---|---|---|---|---|');
const all = { plain: [] as number[], challenge: [] as number[] };
for (const c of cases) {
  const cpu = { plain: [] as number[], challenge: [] as number[] };
  const verdicts = { plain: new Map<string, number>(), challenge: new Map<string, number>() };
  const seen = { plain: new Set<string>(), challenge: new Set<string>() };
  for (let i = 0; i < RUNS; i++) {
    // each kind goes first in every other pair, so neither always runs right after the other
    const order = i % 2 ? (['challenge', 'plain'] as const) : (['plain', 'challenge'] as const);
    for (const kind of order) {
      const c0 = cpuNow();
      const v = await engine.verifyVideo(c.video, templates[c.who], kind === 'challenge' ? { challenge: c.challenge } : {});
      cpu[kind].push(cpuNow() - c0);
      verdicts[kind].set(v.reason, (verdicts[kind].get(v.reason) ?? 0) + 1);
      seen[kind].add(`${work.read} + ${work.described}`);
    }
  }
  all.plain.push(...cpu.plain);
  all.challenge.push(...cpu.challenge);
  const vs = (m: Map<string, number>) => [...m].map(([k, n]) => `${k} ${n}`).join(', ');
  console.log(
    `| ${c.name} (${c.challenge.join(', ')}) | ${vs(verdicts.plain)}; ${median(cpu.plain).toFixed(2)} | ${vs(verdicts.challenge)}; ${median(cpu.challenge).toFixed(2)} | ${(median(cpu.challenge) / median(cpu.plain)).toFixed(2)} | ${[...seen.plain].join(' / ')}; ${[...seen.challenge].join(' / ')} |`,
  );
}
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
console.log(
  `all clips: challenge / blink-only CPU = ${(sum(all.challenge) / sum(all.plain)).toFixed(3)} (total ${sum(all.challenge).toFixed(1)} / ${sum(all.plain).toFixed(1)} CPU-s)`,
);
console.log(`load average at end: ${loadAverage()}`);
await engine.close();
