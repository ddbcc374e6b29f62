import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '@server/env';
import type { FaceEngine, FaceTemplate } from '@server/face/index';
import { fixture, hasFixtures, NO_FIXTURES_MESSAGE } from '@harness/face-fixtures';
import { cpuNow } from '../support/cpu-time';
import { median } from '../support/median';

/**
 * `npm run bench:face-cpu-ab -- --base DIR [--runs 10] [--pause 0]`: CPU-seconds a face check costs with this tree's
 * engine against another tree's (DIR: a checkout of an earlier commit, e.g. `git archive <commit> src | tar -x -C DIR`
 * with node_modules linked in), both engines in this one process, their checks interleaved, so both see the same
 * machine: these machines differ up to 2x from day to day and with the other work on them. CPU is counted as in
 * cpu.ts (this process's threads plus reaped ffmpegs). Prints each clip's median and the ratio this/base.
 */
if (!hasFixtures) {
  console.error(NO_FIXTURES_MESSAGE);
  process.exit(2);
}
const { values } = parseArgs({ options: { base: { type: 'string' }, runs: { type: 'string' }, pause: { type: 'string' } } });
if (!values.base) throw new Error('--base DIR: the tree to compare with');
const RUNS = Number(values.runs ?? 10);
/** Milliseconds between checks, as between students (the spare ffmpeg then starts in the idle time, as in a server). */
const PAUSE_MS = Number(values.pause ?? 0);

type Create = (o: object) => Promise<FaceEngine>;
const load = async (root: string) =>
  ((await import(pathToFileURL(path.join(root, 'src/server/face/index.ts')).href)) as { createFaceEngine: Create }).createFaceEngine;
const engines = {
  base: await (await load(path.resolve(values.base)))(loadConfig().face),
  this: await (await load(path.resolve(import.meta.dirname, '../../..')))(loadConfig().face),
};
type Name = keyof typeof engines;

const CLIPS = [
  { name: 'aoc_3blinks_3s', video: ['clips', 'aoc_3blinks_3s.webm'], enroll: ['f005', 'f045', 'f070'].map((f) => ['clips', `enroll_aoc_${f}.jpg`]) },
  {
    name: 'c01_p1_left_blink',
    video: ['challenge', 'c01_p1_left_blink.webm'],
    enroll: ['src5', 'src176', 'src181'].map((f) => ['challenge', `enroll_p1_${f}.jpg`]),
  },
];
const templates = new Map<string, FaceTemplate>();
for (const c of CLIPS)
  for (const n of Object.keys(engines) as Name[]) templates.set(`${n} ${c.name}`, await engines[n].enroll(c.enroll.map((p) => fs.readFileSync(fixture(...p)))));

const cpu = new Map<string, number[]>();
const wall = new Map<string, number[]>();
const verdicts = new Map<string, Map<string, number>>();
const loadStart = os.loadavg()[0];
for (let run = 0; run < RUNS; run++)
  for (const c of CLIPS) {
    const video = fs.readFileSync(fixture(...c.video));
    // alternate which engine goes first, so neither always follows the other's refill of its spare ffmpeg
    const order: Name[] = run % 2 ? ['this', 'base'] : ['base', 'this'];
    for (const n of order) {
      const key = `${n} ${c.name}`;
      const c0 = cpuNow();
      const v = await engines[n].verifyVideo(video, templates.get(key)!);
      cpu.set(key, [...(cpu.get(key) ?? []), cpuNow() - c0]);
      wall.set(key, [...(wall.get(key) ?? []), v.ms]);
      const tally = verdicts.get(key) ?? new Map<string, number>();
      tally.set(`${v.reason}/${v.blink_count}`, (tally.get(`${v.reason}/${v.blink_count}`) ?? 0) + 1);
      verdicts.set(key, tally);
      if (PAUSE_MS) await new Promise((r) => setTimeout(r, PAUSE_MS));
    }
  }
console.log(`load average ${loadStart.toFixed(2)} at start, ${os.loadavg()[0].toFixed(2)} at end; ${RUNS} runs a clip and engine, interleaved`);
console.log('| clip | base CPU-s (median, min-max) | this CPU-s | this / base | wall ms base / this (median) | base verdicts | this verdicts |');
console.log('|---|---|---|---|---|---|---|');
for (const c of CLIPS) {
  const [b, t] = [cpu.get(`base ${c.name}`)!, cpu.get(`this ${c.name}`)!];
  const range = (xs: number[]) => `${median(xs).toFixed(2)} (${Math.min(...xs).toFixed(2)}-${Math.max(...xs).toFixed(2)})`;
  const tallies = (n: Name) => [...verdicts.get(`${n} ${c.name}`)!].map(([v, k]) => `${v} x${k}`).join(', ');
  console.log(
    `| ${c.name} | ${range(b)} | ${range(t)} | ${(median(t) / median(b)).toFixed(3)} | ${median(wall.get(`base ${c.name}`)!)} / ${median(wall.get(`this ${c.name}`)!)} | ${tallies('base')} | ${tallies('this')} |`,
  );
}
await Promise.all(Object.values(engines).map((e) => e.close()));
