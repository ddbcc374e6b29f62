import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/server/db/connect';
import { migrateToLatest } from '../src/server/db/migrate';
import { MSG } from '../src/shared/messages';
import { createTestUser } from './helpers/test-server';
import { insertSession } from '../scripts/harness/geofence-sessions';
import { runScript } from '../scripts/harness/server-process';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-export-'));
// On the PostgreSQL pass the rows live in a PostgreSQL database and the script is pointed at it by DATABASE_URL, as an
// operator's shell would be: the SQLite file in DATA_DIR stays empty, so exporting it would print 0 rows.
let pgDatabase: TestDatabase | undefined;
beforeAll(async () => {
  pgDatabase = await createTestDatabase();
});
afterAll(async () => {
  await pgDatabase?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const exportCsv = (args: string[]) => runScript('export', args, { DATA_DIR: dataDir, ...(pgDatabase ? { DATABASE_URL: pgDatabase.url } : {}) });

describe('npm run export', () => {
  it('writes the admin detail CSV for the filters given and prints the row count', async () => {
    const db = connectDatabase(pgDatabase?.url ?? path.join(dataDir, 'roll-call.sqlite'));
    await migrateToLatest(db);
    const teacher = await createTestUser(db, { role: 'teacher', department: 'BCA', username: 'tbca' });
    const student = await createTestUser(db, { role: 'student', department: 'BCA', username: 'sbca' });
    const id = await insertSession(db, {
      teacher_id: teacher.id,
      department_id: 3,
      latitude: 1,
      longitude: 2,
      radius_m: 40,
      started_at: '2026-01-10T04:00:00.000Z',
      ends_at: '2026-01-10T05:00:00.000Z',
    });
    const other = await createTestUser(db, { role: 'student', department: 'BCA', username: 'sother' });
    await db
      .insertInto('attendance_records')
      .values([
        {
          session_id: id,
          student_id: student.id,
          status: 'present',
          marked_at: '2026-01-10T04:05:00.000Z',
          updated_at: '2026-01-10T04:05:00.000Z',
          latitude: 1.5,
          longitude: 2.25,
          radius_m: 40,
          geofencing_status: 'valid',
          face_recognition_status: 'verified',
          manual_override: 0,
          marked_by: null,
        },
        {
          session_id: id,
          student_id: other.id,
          status: 'absent',
          marked_at: '2026-01-10T05:00:00.000Z',
          updated_at: '2026-01-10T05:00:00.000Z',
          latitude: null,
          longitude: null,
          radius_m: null,
          geofencing_status: null,
          face_recognition_status: null,
          manual_override: 0,
          marked_by: null,
        },
      ])
      .execute();
    await db.destroy();

    const out = path.join(dataDir, 'out.csv');
    const r = await exportCsv(['--out', out, '--department', 'BCA', '--mode', 'offline', '--from', '2026-01-10', '--to', '2026-01-10']);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/Exported 1 rows to .*out\.csv/);
    expect(fs.readFileSync(out, 'utf8')).toBe(
      `Teacher,Student,${MSG.admin.detailColumns.join(',')},${MSG.markFlags.column},${MSG.teacher.detail.faceTries}\r\ntbca,sbca,10/01/2026 09:35:00,present,Offline,valid,verified,No,System,1.500000,2.250000,40,10/01/2026 09:30:00,10/01/2026 10:30:00,,\r\n`,
    );
    expect((await exportCsv(['--out', out])).out).toMatch(/Exported 2 rows/);
    const bad = await exportCsv(['--out', out, '--mode', 'sideways']);
    expect(bad.code).toBe(1);
    expect((await exportCsv([])).code).toBe(2);
  }, 240_000);
});
