import path from 'node:path';
import { hasFixtures, NO_FIXTURES_MESSAGE } from '../tests/helpers/fixtures';
import { SPLICES, writeSplices } from '../tests/helpers/splice-clips';

/**
 * Writes the splice-attack clips (real fixture footage cut together) to a folder, for `npm run face-check`:
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
