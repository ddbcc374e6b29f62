import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { CHALLENGE_STEPS } from '@shared/face/face-challenge';
import { FACE_STREAM_MAX_SECONDS, FACE_STREAM_STEPS } from '@shared/face/face-stream';
import { loadConfig } from '@server/env';
import { createFaceEngine } from '@server/face/index';
import { streamClock, webmVideoBlocks } from '@server/services/faces/index';
import { CHALLENGE_ENROLL } from '@harness/challenge-clips';
import { fixture, hasFixtures, NO_FIXTURES_MESSAGE } from '@harness/face-fixtures';
import { recordPerformance } from '@harness/live-stream';
import { cpuNow, loadAverage } from '../support/cpu-time';
import { median } from '../support/median';

/**
 * `npm run bench:face-live-cpu -- [--streams 3] [--runs 3]`: CPU-seconds of a live check (issue 33) against the
 * blink-only check of the same video. Live streams of p1 performing seven random instructions are recorded first
 * (real frames streamed in real time, as the server receives them); then each is judged both ways, alternating. CPU is this
 * process's user + system time (the engine's worker threads included) plus its reaped children's (ffmpeg), as in
 * challenge-cpu.ts; only the ratio compares across days.
 */
if (!hasFixtures) {
  console.error(NO_FIXTURES_MESSAGE);
  process.exit(2);
}
const { values } = parseArgs({ options: { streams: { type: 'string', default: '3' }, runs: { type: 'string', default: '3' } } });

const recorded = [];
for (let i = 0; i < Number(values.streams); i++) {
  const steps = Array.from({ length: FACE_STREAM_STEPS }, () => CHALLENGE_STEPS[Math.floor(Math.random() * 3)]);
  const at = [1500];
  for (let k = 1; k < steps.length; k++) at.push(at[k - 1] + 1300 + Math.floor(Math.random() * 600));
  recorded.push(await recordPerformance(steps, at));
}
const engine = await createFaceEngine({ ...loadConfig().face, jobTimeoutMs: 120_000 });
const p1 = await engine.enroll(CHALLENGE_ENROLL.p1.map((f) => fs.readFileSync(fixture('challenge', f))));
console.log(`load average at start: ${loadAverage()}; ${values.runs} runs of each check, alternating`);
console.log('| stream (s, steps) | blink-only: verdict, CPU-s median | live check: verdict, CPU-s median | ratio live / blink-only |');
console.log('|---|---|---|---|');
const all = { plain: [] as number[], live: [] as number[] };
for (const r of recorded) {
  const clock = streamClock(webmVideoBlocks(r.video), r.arrivals, r.sentAt);
  if (!clock.ok) throw new Error(`stream refused: ${clock.reason}`);
  const cpu = { plain: [] as number[], live: [] as number[] };
  const reasons = { plain: new Set<string>(), live: new Set<string>() };
  for (let i = 0; i < Number(values.runs); i++) {
    for (const kind of i % 2 ? (['live', 'plain'] as const) : (['plain', 'live'] as const)) {
      const c0 = cpuNow();
      const v = await engine.verifyVideo(
        r.video,
        p1,
        kind === 'live' ? { challenge: r.steps, stepTimes: clock.stepTimes, maxSeconds: FACE_STREAM_MAX_SECONDS } : { maxSeconds: FACE_STREAM_MAX_SECONDS },
      );
      cpu[kind].push(cpuNow() - c0);
      reasons[kind].add(v.reason);
    }
  }
  all.plain.push(...cpu.plain);
  all.live.push(...cpu.live);
  const seconds = (webmVideoBlocks(r.video).at(-1)!.timeMs - webmVideoBlocks(r.video)[0].timeMs) / 1000;
  console.log(
    `| ${seconds.toFixed(1)} s, ${r.steps.join(' ')} | ${[...reasons.plain].join('/')}, ${median(cpu.plain).toFixed(2)} | ${[...reasons.live].join('/')}, ${median(cpu.live).toFixed(2)} | ${(median(cpu.live) / median(cpu.plain)).toFixed(2)} |`,
  );
}
console.log(
  `\nall streams: blink-only ${median(all.plain).toFixed(2)} CPU-s, live ${median(all.live).toFixed(2)} CPU-s, ratio ${(median(all.live) / median(all.plain)).toFixed(2)}`,
);
console.log(`load average at end: ${loadAverage()}`);
await engine.close();
