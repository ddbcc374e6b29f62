import fs from 'node:fs';
import path from 'node:path';
import { CHALLENGE_SPLICES, writeChallengeSplices } from '../harness/challenge-clips';
import { fixture, hasFixtures, NO_FIXTURES_MESSAGE } from '../harness/face-fixtures';
import { SPLICES, writeSplices } from '../harness/splice-clips';

/**
 * Writes the splice-attack clips (real fixture footage cut together) to a folder, for `npm run face-check`, and the
 * challenge clips in the orders the fixtures lack (scripts/harness/challenge-clips.ts) when the challenge fixtures exist:
 *   npm run make-splices -- [--out DIR]      (default .scratch/splices)
 */
const i = process.argv.indexOf('--out');
const dir = path.resolve(i >= 0 ? process.argv[i + 1] : '.scratch/splices');
if (!hasFixtures) {
  console.error(NO_FIXTURES_MESSAGE);
  process.exit(2);
}
const files = writeSplices(dir);
for (const s of SPLICES) console.log(`${files.get(s.name)}  (${s.what}; enroll as ${s.enrolledAs}: must be refused)`);
if (fs.existsSync(fixture('challenge'))) {
  const orders = writeChallengeSplices(dir);
  for (const s of CHALLENGE_SPLICES)
    console.log(`${orders.get(s.name)}  (${s.what}; enroll as ${s.person}: --challenge ${s.steps.join(',')} accepted, reversed refused)`);
}
