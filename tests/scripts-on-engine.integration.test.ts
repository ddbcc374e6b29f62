import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/server/db/connect';
import { runScript } from '../scripts/harness/server-process';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';
import { TEST_JWT_SECRET } from './helpers/test-server';

/**
 * The operator scripts on the database the app uses: on the PostgreSQL pass DATABASE_URL names a fresh PostgreSQL
 * database and the SQLite file in DATA_DIR must stay untouched; on the SQLite pass they write that file.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-scripts-engine-'));
const sqliteFile = path.join(dataDir, 'roll-call.sqlite');
let pgDatabase: TestDatabase | undefined;
let env: Record<string, string>;
beforeAll(async () => {
  pgDatabase = await createTestDatabase();
  env = { DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, ...(pgDatabase ? { DATABASE_URL: pgDatabase.url } : {}) };
});
afterAll(async () => {
  await pgDatabase?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function withAppDatabase<T>(read: (db: ReturnType<typeof connectDatabase>) => Promise<T>) {
  const db = connectDatabase(pgDatabase?.url ?? sqliteFile);
  try {
    return await read(db);
  } finally {
    await db.destroy();
  }
}

describe('operator scripts on the app database', () => {
  it('migrate, create-user and seed write the database DATABASE_URL names (else the SQLite file)', async () => {
    const migrated = await runScript('migrate', [], env);
    expect(migrated.code, migrated.out).toBe(0);
    expect(migrated.out).toContain('Applied: 2026_11_22_120000_initial_schema');
    expect(migrated.out).toContain(pgDatabase ? 'Database: PostgreSQL (DATABASE_URL)' : `Database: ${sqliteFile}`);

    const seeded = await runScript('seed', ['--students', '12', '--teachers', '2', '--departments', '2', '--days', '1'], env);
    expect(seeded.code, seeded.out).toBe(0);
    expect(seeded.out).toContain(pgDatabase ? 'Seeded the PostgreSQL database (DATABASE_URL)' : `Seeded ${sqliteFile}`);

    const created = await runScript('create-user', ['--role', 'teacher', '--email', 'late@school.edu', '--password', 'Str0ng!Pass'], env);
    expect(created.code, created.out).toBe(0);

    const users = await withAppDatabase((db) => db.selectFrom('users').select(['email', 'status']).execute());
    // 1 admin, 2 teachers and 12 students seeded, plus the one created afterwards.
    expect(users).toHaveLength(16);
    expect(users).toContainEqual({ email: 'late@school.edu', status: 'active' });
    expect(users).toContainEqual({ email: 'admin@demo.school', status: 'active' });
    const pastClasses = await withAppDatabase((db) => db.selectFrom('geofence_sessions').select('id').where('end_reason', '=', 'expired').execute());
    expect(pastClasses.length).toBeGreaterThan(0);
    if (pgDatabase) expect(fs.existsSync(sqliteFile)).toBe(false);
  }, 240_000);

  it('backup and restore on PostgreSQL refuse, naming pg_dump and pg_restore; on SQLite they run', async () => {
    const backup = path.join(dataDir, 'backup.sqlite');
    const b = await runScript('backup', ['--out', backup], env);
    const r = await runScript('restore', ['--from', backup], env);
    if (pgDatabase) {
      for (const x of [b, r]) {
        expect(x.code).toBe(1);
        expect(x.out).toContain("use the server's own tools (pg_dump, pg_restore) there");
      }
      expect(fs.existsSync(backup)).toBe(false);
    } else {
      expect(b.code, b.out).toBe(0);
      expect(r.code, r.out).toBe(0);
    }
  }, 300_000);
});
