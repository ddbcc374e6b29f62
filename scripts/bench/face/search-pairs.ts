import fs from 'node:fs';
import path from 'node:path';
import { createFaceEngine, resolveOptions } from '@server/face/index';
import { FIXTURES_DIR as ROOT, hasFixtures, NO_FIXTURES_MESSAGE } from '@harness/face-fixtures';
import { loadAverage } from '../support/cpu-time';

/**
 * `npm run bench:search-pairs`: the 1:N side of identity. Every person of the fixtures enrolled as registration
 * enrolls them (3 images; the London strangers have two, so neutral, smiling, neutral), and every pair of enrolled
 * means compared as the one-face-one-account search compares them: the closest pairs of different people, and how many
 * pairs a search threshold would hold for a teacher.
 */
if (!hasFixtures) {
  console.error(NO_FIXTURES_MESSAGE);
  process.exit(2);
}
const euclidean = (a: Float32Array, b: Float32Array) => Math.sqrt(a.reduce((s, v, i) => s + (v - b[i]) ** 2, 0));
const read = (...p: string[]) => fs.readFileSync(path.join(ROOT, ...p));
const sets: Record<string, Buffer[]> = {
  aoc: ['f005', 'f045', 'f070'].map((f) => read('clips', `enroll_aoc_${f}.jpg`)),
  mcguinness: ['f003', 'f025', 'f115'].map((f) => read('clips', `enroll_mcguinness_${f}.jpg`)),
  d0: ['f005', 'f030', 'f050'].map((f) => read('clips', `enroll_d0_${f}.jpg`)),
  p1: ['src5', 'src176', 'src181'].map((s) => read('challenge', `enroll_p1_${s}.jpg`)),
  p3: ['src185', 'src192', 'src200'].map((s) => read('challenge', `enroll_p3_${s}.jpg`)),
  jolie: [1, 2, 3].map((n) => read('photos', 'people', `jolie_${n}.jpg`)),
  zuckerberg: [1, 2, 3].map((n) => read('photos', 'people', `zuckerberg_${n}.jpg`)),
  lisa: ['lisa1', 'lisa2', 'lisa3'].map((n) => read('identities', 'lisa', `${n}.jpg`)),
};
const bbt = path.join(ROOT, 'photos', 'bbt');
for (const name of fs.readdirSync(bbt).filter((n) => fs.statSync(path.join(bbt, n)).isDirectory()))
  sets[`bbt/${name}`] = fs
    .readdirSync(path.join(bbt, name))
    .sort()
    .slice(0, 3)
    .map((f) => read('photos', 'bbt', name, f));
for (const id of fs.readdirSync(path.join(ROOT, 'identities')).filter((d) => /^\d+$/.test(d)))
  sets[`identities/${id}`] = ['03', '08', '03'].map((n) => read('identities', id, `${id}_${n}.jpg`));

console.log(`load average at start: ${loadAverage()}`);
const engine = await createFaceEngine({ workers: 2 });
const means: [string, Float32Array][] = [];
for (const [who, images] of Object.entries(sets)) {
  try {
    means.push([who, (await engine.enroll(images)).mean]);
  } catch (e) {
    console.log(`${who}: enrollment refused (${(e as Error).message})`);
  }
}
await engine.close();
const pairs: [number, string][] = [];
for (let i = 0; i < means.length; i++)
  for (let j = i + 1; j < means.length; j++) pairs.push([euclidean(means[i][1], means[j][1]), `${means[i][0]} / ${means[j][0]}`]);
pairs.sort((a, b) => a[0] - b[0]);
console.log(`${means.length} people enrolled, ${pairs.length} pairs of different people; the closest:`);
for (const [d, who] of pairs.slice(0, 10)) console.log(`  ${d.toFixed(3)}  ${who}`);
const { threshold, searchThreshold } = resolveOptions();
for (const t of [threshold, 0.4, 0.42, searchThreshold, 0.46, 0.48, 0.5].sort((a, b) => a - b))
  console.log(
    `held at ${t.toFixed(2)}${t === searchThreshold ? ' (FACE_SEARCH_THRESHOLD)' : t === threshold ? ' (FACE_THRESHOLD)' : ''}: ${pairs.filter(([d]) => d <= t).length} of ${pairs.length} pairs`,
  );
console.log(`load average at end: ${loadAverage()}`);
process.exit(0);
