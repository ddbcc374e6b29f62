import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connectDatabase, type DB } from '../../src/server/db/connect';
import { TEST_JWT_SECRET } from './test-server';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The server in a process of its own, on a fresh data folder: for tests that measure how it answers under a burst,
 * so the test runner's own work is not counted as the server's. `db` opens the same SQLite file (WAL allows both).
 */
export async function startServerProcess(env: Record<string, string> = {}): Promise<{ url: string; pid: number; db: DB; close(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-proc-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'tests/helpers/server-entry.ts')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line).url);
    });
    child.once('exit', (code) => reject(new Error(`test server process exited with ${code}`)));
  });
  const db = connectDatabase(path.join(dataDir, 'roll-call.sqlite'));
  return {
    url,
    pid: child.pid!,
    db,
    async close() {
      await db.destroy();
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resident memory of a process, in bytes (Linux /proc). */
export const rssOf = async (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1]) * 1024;
