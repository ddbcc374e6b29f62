import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { importAliases } from './import-aliases';
import HeavyFirstSequencer from './tests/heavy-first-sequencer';

const BURSTS = ['src/**/*.burst.test.ts', 'tests/**/*.burst.test.ts'];
/** Tests that need PostgreSQL (several app nodes on one database): only in the PostgreSQL pass. */
const POSTGRES_ONLY = ['tests/**/*.pg.test.ts'];
/** Integration tests about the SQLite file itself (its modes, scripts that open it): not in the PostgreSQL pass. */
const SQLITE_ONLY = ['src/server/db/file-modes.integration.test.ts', 'tests/scripts.integration.test.ts'];
/** Integration tests of files the server sends as they are on disk (Human's models, the app's manifest and icons): no database behaviour. */
const NO_DATABASE = ['src/server/static/human-models.integration.test.ts', 'src/server/static/installable-app.integration.test.ts'];

// Servers started by tests log warnings and errors only, unless a test (or the caller) asks for more.
process.env.LOG_LEVEL ??= 'warn';

// The PostgreSQL pass runs the integration suite again, each server on a database of its own created on the
// TEST_DATABASE_URL server; every database of this run starts with the prefix, so global teardown drops leftovers.
process.env.ROLLCALL_TEST_DB_PREFIX ??= `rollcall_t_${Date.now().toString(36)}_`;
const postgresPass: TestProjectInlineConfiguration[] = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['src/**/*.integration.test.ts', 'tests/**/*.integration.test.ts', ...POSTGRES_ONLY],
          exclude: [...SQLITE_ONLY, ...NO_DATABASE, ...BURSTS],
          env: { ROLLCALL_TEST_ENGINE: 'postgres', ROLLCALL_TEST_DB_PREFIX: process.env.ROLLCALL_TEST_DB_PREFIX },
          globalSetup: ['tests/global-setup.ts', 'tests/global-setup-postgres.ts'],
          maxWorkers: 2,
          fileParallelism: true,
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ]
  : [];

export default defineConfig({
  resolve: { alias: importAliases },
  test: {
    environment: 'node',
    // Generous: CI shares the machine with other work, and ffmpeg encodes or a browser's first start can take minutes
    // there; a timeout catches a hang, never a slow machine.
    testTimeout: 180_000,
    hookTimeout: 600_000,
    // A page's first load of a big report, or a server on a machine shared with other work, can take seconds:
    // a poll waits for what a user would wait for, and still fails when it never comes.
    expect: { poll: { timeout: 20_000 } },
    globalSetup: ['tests/global-setup.ts'],
    reporters: ['default', './tests/summary-reporter.ts'],
    sequence: { sequencer: HeavyFirstSequencer },
    projects: [
      {
        extends: true,
        // Two cores, three files at a time: a browser file waits on the app's polls and timers as a user does, so two
        // files at a time leave the cores partly idle, and a third takes up some of it (docs/benchmarks.md, "The suite").
        test: {
          name: 'main',
          include: ['src/**/*.test.ts', 'tests/**/*.test.ts', 'tests/e2e/**/*.e2e.ts'],
          exclude: [...BURSTS, ...POSTGRES_ONLY],
          maxWorkers: 3,
          fileParallelism: true,
          // A worker imports the server's modules once, not once a file: isolated, each file paid for that import about
          // as much as many files pay for their tests. No test relies on a fresh module: every file starts its own
          // servers and databases, and a file that changes the environment puts it back.
          isolate: false,
        },
      },
      ...postgresPass,
      {
        extends: true,
        // Bursts and bombs assert how fast the server answers meanwhile: they run after everything else, one at a time.
        test: { name: 'bursts', include: BURSTS, globalSetup: [], maxWorkers: 1, fileParallelism: false, sequence: { groupOrder: 2 } },
      },
    ],
  },
});
