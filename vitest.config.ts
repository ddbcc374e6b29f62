import path from 'node:path';
import { defineConfig } from 'vitest/config';

const BURSTS = ['src/**/*.burst.test.ts', 'tests/**/*.burst.test.ts'];

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src/client') } },
  test: {
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ['tests/global-setup.ts'],
    reporters: ['default', './tests/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        // Two cores: files run two at a time; the face engine and Chromium are heavy.
        test: { name: 'main', include: ['src/**/*.test.ts', 'tests/**/*.test.ts', 'tests/e2e/**/*.e2e.ts'], exclude: BURSTS, maxWorkers: 2, fileParallelism: true },
      },
      {
        extends: true,
        // Bursts and bombs assert how fast the server answers meanwhile: they run after everything else, one at a time.
        test: { name: 'bursts', include: BURSTS, globalSetup: [], maxWorkers: 1, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
