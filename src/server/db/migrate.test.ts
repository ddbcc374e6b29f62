import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../../../migrations/index';
import { connectDatabase } from './connect';
import { migrateToLatest } from './migrate';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-migrate-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('migrations', () => {
  it('the security migration keeps every row and child row, and turns old inactive accounts into pending ones', async () => {
    const db = connectDatabase(path.join(dir, 'old.sqlite'));
    const initialOnly = { getMigrations: async () => ({ '2026_11_22_120000_initial_schema': migrations['2026_11_22_120000_initial_schema'] }) };
    await new Migrator({ db, provider: initialOnly }).migrateToLatest();
    const now = '2026-01-01T00:00:00.000Z';
    await sql`insert into users (id, username, email, password_hash, role, status, department_id, created_at) values
      (1, 'teach', 't@s.test', 'h', 'teacher', 'active', 3, ${now}), (2, 'stud', 's@s.test', 'h', 'student', 'inactive', 3, ${now})`.execute(db);
    await sql`insert into geofence_sessions (id, teacher_id, department_id, latitude, longitude, radius_m, started_at, ends_at)
      values (1, 1, 3, 0, 0, 50, ${now}, ${now})`.execute(db);
    await sql`insert into attendance_records (session_id, student_id, status, marked_at, updated_at) values (1, 2, 'absent', ${now}, ${now})`.execute(db);

    expect(await migrateToLatest(db)).toContain('2026_11_23_120000_security');
    const users = await sql<{ id: number; status: string; token_version: number }>`select id, status, token_version from users order by id`.execute(db);
    expect(users.rows).toEqual([
      { id: 1, status: 'active', token_version: 0 },
      { id: 2, status: 'pending', token_version: 0 },
    ]);
    expect((await sql`select * from attendance_records`.execute(db)).rows).toHaveLength(1);
    expect((await sql`select * from geofence_sessions`.execute(db)).rows).toHaveLength(1);
    expect((await sql`pragma foreign_keys`.execute(db)).rows).toEqual([{ foreign_keys: 1 }]);
    // A deleted user still cascades after the rebuild: the foreign keys point at the new table.
    await sql`delete from users where id = 2`.execute(db);
    expect((await sql`select * from attendance_records`.execute(db)).rows).toHaveLength(0);
    await expect(
      sql`insert into users (username, email, password_hash, role, status, created_at) values ('x', 'x@s.test', 'h', 'student', 'bogus', ${now})`.execute(db),
    ).rejects.toThrow(/CHECK/);
    await db.destroy();
  });
});
