import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connectDatabase, type DB } from '../../src/server/db/connect';
import { createTestDatabase } from './test-database';
import { TEST_JWT_SECRET } from './test-server';

const root = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  url: string;
  pid: number;
  db: DB;
  /** What the process wrote to stderr so far (it is also passed through to the test's stderr). */
  stderr(): string;
  /** What the process wrote to stdout so far (its URL line, then its logs). */
  stdout(): string;
  close(): Promise<void>;
}

/**
 * The server in a process of its own, on a fresh data folder: for tests that measure how it answers under a burst,
 * so the test runner's own work is not counted as the server's, and for several nodes on one database (pass the
 * same DATABASE_URL). `db` opens the same database (SQLite's WAL allows both). In the PostgreSQL pass, without a
 * DATABASE_URL in `env`, the process gets a database of its own, dropped by close().
 */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-proc-'));
  const database = env.DATABASE_URL ? undefined : await createTestDatabase();
  const databaseUrl = env.DATABASE_URL ?? database?.url;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'tests/helpers/server-entry.ts')], {
    cwd: root,
    // A DATABASE_URL of the developer's shell never reaches a test server: only the one chosen here.
    env: {
      ...withoutDatabaseUrl(process.env),
      DATA_DIR: dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      FACE_CHALLENGE: 'off',
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (d: Buffer) => {
    errors += d;
    process.stderr.write(d);
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line).url);
    });
    child.once('exit', (code) => reject(new Error(`test server process exited with ${code}`)));
  });
  const db = connectDatabase(databaseUrl ?? path.join(dataDir, 'roll-call.sqlite'), { poolSize: 2 });
  return {
    url,
    pid: child.pid!,
    db,
    stderr: () => errors,
    stdout: () => out,
    async close() {
      await db.destroy();
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function withoutDatabaseUrl(env: NodeJS.ProcessEnv) {
  const { DATABASE_URL: _, ...rest } = env;
  return rest;
}

/** Resident memory of a process, in bytes (Linux /proc). */
export const rssOf = async (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1]) * 1024;
