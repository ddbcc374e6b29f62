import { defineConfig } from 'vitest/config';
import { importAliases } from './import-aliases';

process.env.LOG_LEVEL ??= 'warn';

/**
 * `npm run bench:face-rates`: repeated-attempt measurements in Chromium (tests/rates/*.rate.ts), such as how often a
 * live person's single try is accepted. They are benchmarks, not part of `npm test`: a rate over 20 tries depends on
 * how loaded the machine is, and the suite proves the same behaviour with a few tries. One file at a time: the face
 * engine and Chromium are heavy.
 */
export default defineConfig({
  resolve: { alias: importAliases },
  test: {
    name: 'rates',
    environment: 'node',
    include: ['tests/rates/**/*.rate.ts'],
    testTimeout: 1_800_000,
    hookTimeout: 600_000,
    globalSetup: ['tests/global-setup.ts'],
    maxWorkers: 1,
    fileParallelism: false,
  },
});
