import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { hashPassword } from '@server/auth/password';
import type { DB } from '@server/db/connect';

/**
 * The admin benchmarks' data folder: with `--keep DIR`, that folder, reused when seeded already and kept afterwards;
 * else a fresh one in the temp dir (`prefix`), which the benchmark removes when done.
 */
export function adminBenchDataDir(prefix: string): { dataDir: string; kept: boolean } {
  const at = process.argv.indexOf('--keep');
  const keep = at >= 0 ? process.argv[at + 1] : undefined;
  const dataDir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.mkdirSync(dataDir, { recursive: true });
  return { dataDir, kept: keep !== undefined };
}

/**
 * The admin reports' scale: `teachers` teachers and `students` students spread over the five departments, each
 * teacher running `sessionsPerTeacher` sessions with a record for every student of the department (teachers x
 * sessions x students/5 records: 100 x 10 x 1,000 = 1,000,000). Present, absent, online, failed geofence and manual
 * marks are mixed by id. Users are written in one transaction, the records by one INSERT ... SELECT in the order a
 * school writes them (session by session, as students mark), so record ids follow time as in a real database.
 */
export async function seedAdminScale(db: DB, opts: { teachers: number; students: number; sessionsPerTeacher: number; password: string }) {
  const hash = await hashPassword(opts.password);
  const departments = (await db.selectFrom('departments').select('id').orderBy('id').execute()).map((d) => d.id);
  const created = new Date('2025-01-01T00:00:00Z').toISOString();
  await db.transaction().execute(async (trx) => {
    const users = [];
    for (let i = 0; i < opts.teachers; i++)
      users.push({ username: `teacher${i}`, email: `teacher${i}@scale.test`, role: 'teacher' as const, department_id: departments[i % departments.length] });
    for (let i = 0; i < opts.students; i++)
      users.push({ username: `student${i}`, email: `student${i}@scale.test`, role: 'student' as const, department_id: departments[i % departments.length] });
    for (let i = 0; i < users.length; i += 500) {
      await trx
        .insertInto('users')
        .values(users.slice(i, i + 500).map((u) => ({ ...u, password_hash: hash, status: 'active' as const, created_at: created })))
        .execute();
    }
    const teachers = await trx
      .selectFrom('users')
      .select(['id', 'department_id'])
      .where('role', '=', 'teacher')
      .where('email', 'like', '%@scale.test')
      .execute();
    const day = 86_400_000;
    const start = Date.parse('2025-06-02T03:30:00Z');
    const sessions = [];
    for (let k = 0; k < opts.sessionsPerTeacher; k++) {
      for (const [j, t] of teachers.entries()) {
        const at = new Date(start + k * 7 * day + j * 600_000);
        const end = new Date(at.getTime() + 3_600_000).toISOString();
        sessions.push({
          teacher_id: t.id,
          department_id: t.department_id!,
          latitude: 23.0225,
          longitude: 72.5714,
          radius_m: 50,
          started_at: at.toISOString(),
          ends_at: end,
          ended_at: end,
          end_reason: 'expired' as const,
        });
      }
    }
    for (let i = 0; i < sessions.length; i += 500)
      await trx
        .insertInto('geofence_sessions')
        .values(sessions.slice(i, i + 500))
        .execute();
  });
  // One statement for the records: every student of the session's department, with a mix decided by the ids.
  await sql`
    insert into attendance_records (session_id, student_id, status, marked_at, latitude, longitude, radius_m, geofencing_status,
                                    face_recognition_status, manual_override, marked_by, updated_at)
    select s.id, u.id,
           case when (s.id + u.id) % 5 = 0 then 'absent' else 'present' end,
           s.started_at,
           case when (s.id + u.id) % 7 = 0 then null else 23.0225 + (u.id % 100) * 0.000001 end,
           case when (s.id + u.id) % 7 = 0 then null else 72.5714 - (u.id % 100) * 0.000001 end,
           case when (s.id + u.id) % 7 = 0 then null else 50 end,
           case when (s.id + u.id) % 7 = 0 then null when (s.id + u.id) % 11 = 0 then 'invalid' else 'valid' end,
           case when (s.id + u.id) % 5 = 0 then 'not_verified' else 'verified' end,
           case when (s.id + u.id) % 13 = 0 then 1 else 0 end,
           case when (s.id + u.id) % 13 = 0 then s.teacher_id else null end,
           s.started_at
    from geofence_sessions s
    join users u on u.department_id = s.department_id and u.role = 'student' and u.email like '%@scale.test'
    order by s.started_at, s.id, u.id
  `.execute(db);
}
