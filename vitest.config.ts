import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src/client') } },
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts', 'tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ['tests/global-setup.ts'],
    reporters: ['default', './tests/summary-reporter.ts'],
    // Two cores: files run two at a time; the face engine and Chromium are heavy.
    maxWorkers: 2,
    fileParallelism: true,
  },
});
