import fs from 'node:fs';
import path from 'node:path';

/** The real face fixtures live outside the repository; FACE_FIXTURES_DIR overrides where. */
export const FIXTURES_DIR = path.resolve(process.env.FACE_FIXTURES_DIR ?? path.resolve(import.meta.dirname, '../../../shared/fixtures/faces'));
export const hasFixtures = fs.existsSync(path.join(FIXTURES_DIR, 'clips'));
export const fixture = (...parts: string[]) => path.join(FIXTURES_DIR, ...parts);
export const readFixture = (...parts: string[]) => fs.readFileSync(fixture(...parts));
export const NO_FIXTURES_MESSAGE = `face fixtures not found at ${FIXTURES_DIR} (set FACE_FIXTURES_DIR): skipping tests that need real faces`;
if (!hasFixtures) console.warn(NO_FIXTURES_MESSAGE);
