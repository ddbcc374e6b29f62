import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type AppProcess, startServerOn } from '@harness/server-process';
import { connectDatabase, type DB } from '@server/db/connect';
import { createTestDatabase } from './test-database';
import { TEST_JWT_SECRET } from './test-server';

export interface ServerProcess extends Omit<AppProcess, 'stop'> {
  db: DB;
  close(): Promise<void>;
}

/**
 * The server in a process of its own (scripts/harness/server-process.ts), on a fresh data folder with the tests'
 * secret: for tests that measure how it answers under a burst, so the test runner's own work is not counted as the
 * server's, and for several nodes on one database (pass the same DATABASE_URL). `db` opens the same database
 * (SQLite's WAL allows both). In the PostgreSQL pass, without a DATABASE_URL in `env`, the process gets a database
 * of its own, dropped by close().
 */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-proc-'));
  const database = env.DATABASE_URL ? undefined : await createTestDatabase();
  const databaseUrl = env.DATABASE_URL ?? database?.url;
  // A DATABASE_URL of the developer's shell never reaches a test server: only the one chosen here.
  const app = await startServerOn(
    dataDir,
    { JWT_SECRET: TEST_JWT_SECRET, FACE_CHALLENGE: 'off', ...(databaseUrl && { DATABASE_URL: databaseUrl }), ...env },
    withoutDatabaseUrl(process.env),
  );
  const db = connectDatabase(databaseUrl ?? path.join(dataDir, 'roll-call.sqlite'), { poolSize: 2 });
  return {
    url: app.url,
    pid: app.pid,
    db,
    stderr: app.stderr,
    stdout: app.stdout,
    async close() {
      await db.destroy();
      await app.stop();
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function withoutDatabaseUrl(env: NodeJS.ProcessEnv) {
  const { DATABASE_URL: _, ...rest } = env;
  return rest;
}
