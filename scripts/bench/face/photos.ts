import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '@server/env';
import { fixturePhotos, ratesAt, bestAtZeroFalseAccept, runTrials } from '../support/eval/identity-eval';
import { photoDescriptor } from '../support/eval/descriptors';
import { createFaceEngine, ENROLL_SPREAD_MAX, resolveOptions } from '@server/face/index';
import { loadModels, warmUp } from '@server/face/scheduling/worker/index';
import { euclidean, meanDescriptor } from '@server/face/analysis/index';
import { FIXTURES_DIR as ROOT, hasFixtures, NO_FIXTURES_MESSAGE } from '@harness/face-fixtures';
import { loadAverage } from '../support/cpu-time';

/**
 * `npm run bench:photos`: photo recall (is the one face found in every one-person photo, wide portraits included),
 * the identity protocol of docs/benchmarks-history.md on the engine's chain, how far apart one person's 3 enrollment photos
 * are (the enrollment consistency rule), and the time to enroll 3 photos of 4000x3000 px.
 */
if (!hasFixtures) {
  console.error(NO_FIXTURES_MESSAGE);
  process.exit(2);
}
console.log(`load average at start: ${loadAverage()}`);
const models = await loadModels({ role: 'full' });
await warmUp(models);
const photos = fixturePhotos(ROOT);
const ds: (Float32Array | null)[] = [];
for (const p of photos) ds.push(await photoDescriptor(models, 'engine', fs.readFileSync(p.file)));
const missed = photos.filter((_, i) => !ds[i]).map((p) => path.relative(ROOT, p.file));
console.log(
  `photo recall: ${photos.length - missed.length} of ${photos.length} one-person photos give a face${missed.length ? `; missed: ${missed.join(', ')}` : ''}`,
);
for (const p of photos.filter((x) => x.file.includes(`${path.sep}wide${path.sep}`)))
  console.log(`  ${path.relative(ROOT, p.file)}: ${ds[photos.indexOf(p)] ? 'face found' : 'NO FACE'}`);

const trials = runTrials(photos, ds);
const THRESHOLD = resolveOptions(loadConfig().face).threshold;
const at = ratesAt(trials, THRESHOLD);
const best = bestAtZeroFalseAccept(trials);
console.log(
  `identity at ${THRESHOLD}: ${(100 * at.genuineAccept).toFixed(1)}% genuine accepted of ${at.trials.genuine}, ${at.falseAccepts} false accepts of ${at.trials.impostor}; best with 0 false accepts ${(100 * best.genuineAccept).toFixed(1)}% (t=${best.threshold.toFixed(3)})`,
);

// Enrollment consistency: the largest distance of one photo to the mean of the other two, over genuine triples,
// against the smallest over triples mixing two people.
const byPerson = new Map<string, number[]>();
for (const [i, p] of photos.entries()) if (ds[i]) byPerson.set(p.person, [...(byPerson.get(p.person) ?? []), i]);
const spreadOf = (idx: number[]) => Math.max(...idx.map((i) => euclidean(ds[i]!, meanDescriptor(idx.filter((j) => j !== i).map((j) => ds[j]!)))));
let genuineMax = 0;
let mixedMin = Infinity;
const RULE = ENROLL_SPREAD_MAX; // the engine's rule: farther than this from the other two is someone else
let mixed = 0;
let mixedCaught = 0;
let genuineRefused = 0;
const people = [...byPerson.values()].filter((x) => x.length >= 3);
for (const idx of people)
  for (let a = 0; a < idx.length; a++)
    for (let b = a + 1; b < idx.length; b++)
      for (let c = b + 1; c < idx.length; c++) {
        const sp = spreadOf([idx[a], idx[b], idx[c]]);
        genuineMax = Math.max(genuineMax, sp);
        if (sp > RULE) genuineRefused++;
      }
for (const idx of people)
  for (let a = 0; a < idx.length; a++)
    for (let b = a + 1; b < idx.length; b++)
      for (const [, other] of byPerson)
        if (other !== idx)
          for (const o of other) {
            const sp = spreadOf([idx[a], idx[b], o]);
            mixedMin = Math.min(mixedMin, sp);
            mixed++;
            if (sp > RULE) mixedCaught++;
          }
console.log(
  `enrollment spread (one photo to the mean of the other two): genuine triples at most ${genuineMax.toFixed(3)}, triples with another person at least ${mixedMin.toFixed(3)}; at the rule's ${RULE.toFixed(2)}: ${genuineRefused} genuine triples refused, ${mixedCaught} of ${mixed} mixed triples refused (${((100 * mixedCaught) / mixed).toFixed(1)}%)`,
);

// 3 photos of 4000x3000 (fixture photos enlarged, as a phone's camera gives them), enrolled through the engine
const big = await Promise.all(
  ['people/zuckerberg_1.jpg', 'people/zuckerberg_2.jpg', 'wide/zuckerberg_stage_halfbody.jpg'].map((f) =>
    sharp(path.join(ROOT, 'photos', f))
      .resize(4000, 3000, { fit: 'cover' })
      .jpeg({ quality: 90 })
      .toBuffer(),
  ),
);
const engine = await createFaceEngine(loadConfig().face);
const ms: number[] = [];
for (let i = 0; i < 10; i++) {
  const t = performance.now();
  await engine.enroll(big);
  ms.push(performance.now() - t);
}
await engine.close();
ms.sort((a, b) => a - b);
console.log(
  `enroll 3 photos of 4000x3000 (${big.map((b) => Math.round(b.length / 1024)).join('/')} KB): median ${Math.round(ms[4])} ms, max ${Math.round(ms[9])} ms`,
);
console.log(`load average at end: ${loadAverage()}`);
