import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../../../migrations/index';
import { connectDatabase, type DB } from './connect';
import { migrateToLatest } from './migrate';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-migrate-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A database file in `dir` migrated up to `name`, not including it: a school's database before that migration landed. */
async function migratedUpTo(file: string, name: string) {
  const db = connectDatabase(path.join(dir, file));
  const before = Object.keys(migrations)
    .sort()
    .filter((n) => n < name);
  await new Migrator({ db, provider: { getMigrations: async () => Object.fromEntries(before.map((n) => [n, migrations[n]])) } }).migrateToLatest();
  return db;
}

/** The names of a table's indexes. */
const indexesOf = async (db: DB, table: string) =>
  (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = ${table} order by name`.execute(db)).rows;

/** Teacher #1 and student #2 (of `status`) of department 3, created at `now`: the rows every migration must keep. */
const insertTeacherAndStudent = (db: DB, now: string, status: string) =>
  sql`insert into users (id, username, email, password_hash, role, status, department_id, created_at) values
    (1, 'teach', 't@s.test', 'h', 'teacher', 'active', 3, ${now}), (2, 'stud', 's@s.test', 'h', 'student', ${status}, 3, ${now})`.execute(db);

describe('migrations', () => {
  it('the security migration keeps every row and child row, and turns old inactive accounts into pending ones', async () => {
    const db = await migratedUpTo('old.sqlite', '2026_11_23_120000_security');
    const now = '2026-01-01T00:00:00.000Z';
    await insertTeacherAndStudent(db, now, 'inactive');
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

  it('the statuses migration widens the status list to four, keeping every row, column and index', async () => {
    const db = await migratedUpTo('statuses.sqlite', '2026_11_26_170000_attendance_statuses');
    const now = '2026-01-01T00:00:00.000Z';
    await insertTeacherAndStudent(db, now, 'active');
    await sql`insert into geofence_sessions (id, teacher_id, department_id, latitude, longitude, radius_m, started_at, ends_at)
      values (1, 1, 3, 0, 0, 50, ${now}, ${now})`.execute(db);
    await sql`insert into attendance_records (session_id, student_id, status, marked_at, updated_at, device_id, mark_flags)
      values (1, 2, 'present', ${now}, ${now}, 'dev-1', 5)`.execute(db);
    await expect(sql`update attendance_records set status = 'late'`.execute(db)).rejects.toThrow(/CHECK/);
    const indexesBefore = await indexesOf(db, 'attendance_records');

    expect(await migrateToLatest(db)).toContain('2026_11_26_170000_attendance_statuses');
    expect((await sql`select student_id, status, device_id, mark_flags from attendance_records`.execute(db)).rows).toEqual([
      { student_id: 2, status: 'present', device_id: 'dev-1', mark_flags: 5 },
    ]);
    // every index the table had is there again (later migrations may add more)
    expect(await indexesOf(db, 'attendance_records')).toEqual(expect.arrayContaining(indexesBefore));
    for (const status of ['late', 'excused', 'absent', 'present']) await sql`update attendance_records set status = ${status}`.execute(db);
    await expect(sql`update attendance_records set status = 'bogus'`.execute(db)).rejects.toThrow(/CHECK/);
    // the one-per-session rule survived the rebuild
    await expect(
      sql`insert into attendance_records (session_id, student_id, status, marked_at, updated_at) values (1, 2, 'absent', ${now}, ${now})`.execute(db),
    ).rejects.toThrow(/UNIQUE/);
    await sql`delete from users where id = 2`.execute(db);
    expect((await sql`select * from attendance_records`.execute(db)).rows).toHaveLength(0);
    await db.destroy();
  });

  it('the leave withdrawal migration lets a request be withdrawn, keeping every request, index and the cascade', async () => {
    const db = await migratedUpTo('withdrawal.sqlite', '2026_11_26_180000_leave_withdrawal');
    const now = '2026-01-01T00:00:00.000Z';
    await insertTeacherAndStudent(db, now, 'active');
    await sql`insert into leave_requests (student_id, from_date, to_date, reason, document_path, status, requested_at, decided_by, decided_at, note) values
      (2, '2026-01-02', '2026-01-03', 'Fever', 'students/2/leave-a.jpg', 'approved', ${now}, 1, ${now}, 'Rest'),
      (2, '2026-01-05', '2026-01-05', 'Mistake', null, 'pending', ${now}, null, null, null)`.execute(db);
    await expect(sql`update leave_requests set status = 'withdrawn' where reason = 'Mistake'`.execute(db)).rejects.toThrow(/CHECK/);
    const indexesBefore = await indexesOf(db, 'leave_requests');

    expect(await migrateToLatest(db)).toContain('2026_11_26_180000_leave_withdrawal');
    const all = sql`select student_id, from_date, to_date, reason, document_path, status, decided_by, note from leave_requests order by id`;
    expect((await all.execute(db)).rows).toEqual([
      {
        student_id: 2,
        from_date: '2026-01-02',
        to_date: '2026-01-03',
        reason: 'Fever',
        document_path: 'students/2/leave-a.jpg',
        status: 'approved',
        decided_by: 1,
        note: 'Rest',
      },
      {
        student_id: 2,
        from_date: '2026-01-05',
        to_date: '2026-01-05',
        reason: 'Mistake',
        document_path: null,
        status: 'pending',
        decided_by: null,
        note: null,
      },
    ]);
    expect(await indexesOf(db, 'leave_requests')).toEqual(expect.arrayContaining(indexesBefore));
    await sql`update leave_requests set status = 'withdrawn' where reason = 'Mistake'`.execute(db);
    await expect(sql`update leave_requests set status = 'bogus'`.execute(db)).rejects.toThrow(/CHECK/);
    await expect(sql`update leave_requests set to_date = '2025-12-31'`.execute(db)).rejects.toThrow(/CHECK/);
    await sql`delete from users where id = 1`.execute(db);
    expect((await sql`select decided_by from leave_requests order by id`.execute(db)).rows).toEqual([{ decided_by: null }, { decided_by: null }]);
    await sql`delete from users where id = 2`.execute(db);
    expect((await sql`select * from leave_requests`.execute(db)).rows).toHaveLength(0);
    await db.destroy();
  });
});
