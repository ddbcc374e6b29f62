import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '@server/env';
import { createFaceEngine } from '@server/face/index';
import type { FrameReading } from '@server/face/protocol';
import { parseChallengeSteps } from '@shared/face/face-challenge';
import { fixture, hasFixtures, NO_FIXTURES_MESSAGE } from '@harness/face-fixtures';

/**
 * `npm run bench:face-repeat -- [--runs 10] [--workers 2] [--pause 0] [--clip c01] [--challenge turn_left,blink]`: one
 * clip checked again and again by one engine, one check at a time, as the same upload sent repeatedly (against the
 * challenge's steps in order when given: the challenge check; else the blink-only check). Prints each verdict, how many
 * distinct sets of per-frame readings the runs gave, and for the first two runs whose readings differ, the frames
 * where they differ side by side: the verdict must be a function of the video, so there should be one set.
 */
if (!hasFixtures) {
  console.error(NO_FIXTURES_MESSAGE);
  process.exit(2);
}
const text = { type: 'string' } as const;
const { values } = parseArgs({ options: { runs: text, workers: text, pause: text, clip: text, challenge: text } });
const CLIPS: Record<string, { video: string[]; enroll: string[][] }> = {
  aoc: { video: ['clips', 'aoc_3blinks_3s.webm'], enroll: ['f005', 'f045', 'f070'].map((f) => ['clips', `enroll_aoc_${f}.jpg`]) },
  d0: { video: ['clips', 'd0_man_1blink_3s.webm'], enroll: ['f005', 'f030', 'f050'].map((f) => ['clips', `enroll_d0_${f}.jpg`]) },
  c01: { video: ['challenge', 'c01_p1_left_blink.webm'], enroll: ['src5', 'src176', 'src181'].map((f) => ['challenge', `enroll_p1_${f}.jpg`]) },
  c02: { video: ['challenge', 'c02_p1_right_blink.webm'], enroll: ['src5', 'src176', 'src181'].map((f) => ['challenge', `enroll_p1_${f}.jpg`]) },
  c03: { video: ['challenge', 'c03_p1_still_blink.webm'], enroll: ['src5', 'src176', 'src181'].map((f) => ['challenge', `enroll_p1_${f}.jpg`]) },
  c09: { video: ['challenge', 'c09_p3_still_blink.webm'], enroll: ['src185', 'src192', 'src200'].map((f) => ['challenge', `enroll_p3_${f}.jpg`]) },
};
const name = values.clip ?? 'c01';
const spec = CLIPS[name];
if (!spec) throw new Error(`--clip one of ${Object.keys(CLIPS).join(', ')}`);
const runs = Number(values.runs ?? 10);
const pauseMs = Number(values.pause ?? 0);
const challenge = values.challenge ? parseChallengeSteps(values.challenge) : undefined;

let last: FrameReading[] = [];
const engine = await createFaceEngine(
  { ...loadConfig().face, ...(values.workers ? { workers: Number(values.workers) } : {}) },
  { onReadings: (r) => (last = r) },
);
const template = await engine.enroll(spec.enroll.map((p) => fs.readFileSync(fixture(...p))));
const video = fs.readFileSync(fixture(...spec.video));

const key = (r: FrameReading[]) => JSON.stringify(r);
const seen = new Map<string, { first: number; readings: FrameReading[]; count: number }>();
const verdicts: string[] = [];
for (let i = 0; i < runs; i++) {
  const v = await engine.verifyVideo(video, template, challenge ? { challenge } : undefined);
  const k = key(last);
  const entry = seen.get(k) ?? { first: i, readings: last, count: 0 };
  entry.count++;
  seen.set(k, entry);
  verdicts.push(`${v.reason}/${v.blink_count}`);
  console.log(`run ${i + 1}: ${v.reason}, blinks ${v.blink_count}, distance ${v.similarity}, ${v.ms} ms, readings #${[...seen.keys()].indexOf(k) + 1}`);
  if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
}
const counts = new Map<string, number>();
for (const v of verdicts) counts.set(v, (counts.get(v) ?? 0) + 1);
const tally = [...counts].map(([v, n]) => `${v} x${n}`);
const digests = [...seen.keys()].map((k) => createHash('sha256').update(k).digest('hex').slice(0, 12));
// the digests compare runs of other processes (another worker count) with these
console.log(
  `\n${name}${challenge ? ` (challenge ${challenge.join(',')})` : ''}, ${engine.stats().workers} workers, ${runs} runs: ${tally.join(', ')}; distinct readings: ${seen.size} (${digests.join(', ')})`,
);

const fmt = (r: FrameReading | undefined) =>
  !r
    ? '-'
    : r.skipped
      ? 'skipped'
      : `${r.faces}f L${r.left?.toFixed(3) ?? '-'} R${r.right?.toFixed(3) ?? '-'} yaw${r.yaw?.toFixed(2) ?? '-'} box${r.box?.map((b) => b.toFixed(3)).join(',') ?? '-'}`;
const [a, b] = [...seen.values()];
if (a && b) {
  console.log(`\nframes where readings #1 (run ${a.first + 1}) and #2 (run ${b.first + 1}) differ:`);
  for (let f = 0; f < Math.max(a.readings.length, b.readings.length); f++)
    if (key([a.readings[f]]) !== key([b.readings[f]])) console.log(`${String(f).padStart(3)}  ${fmt(a.readings[f]).padEnd(78)} | ${fmt(b.readings[f])}`);
}
await engine.close();
