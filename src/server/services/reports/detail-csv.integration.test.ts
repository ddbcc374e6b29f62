import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@tests/helpers/test-database';
import { createTestUser } from '@tests/helpers/test-server';
import { MSG } from '@shared/messages';
import type { TAttendanceFilter } from '@shared/schemas/admin';
import { connectDatabase, type DB } from '@server/db/connect';
import { migrateToLatest } from '@server/db/migrate';
import { detailCsvChunks } from './detail-csv';
import { flagBit } from '../attendance/index';
import { insertSession } from '@harness/geofence-sessions';

/**
 * The detail CSV byte for byte (SPEC 9) on this run's engine: quoting, the formula guard, Kolkata times, six-decimal
 * coordinates (a negative one is guarded like any text starting with '-'), the session's radius when the record has
 * none, "System" for marks nobody made by hand, and the student's face check tries in the record's session.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-detail-csv-'));
let database: TestDatabase | undefined;
let db: DB;
const ids = { boss: 0, tb: 0, sam: 0, neg: 0 };

beforeAll(async () => {
  database = await createTestDatabase();
  db = connectDatabase(database?.url ?? path.join(dir, 'roll-call.sqlite'));
  await migrateToLatest(db);
  ids.boss = (await createTestUser(db, { role: 'teacher', department: 'BCA', username: '=Boss, "T"' })).id;
  ids.tb = (await createTestUser(db, { role: 'teacher', department: 'BCA', username: 'tb' })).id;
  ids.sam = (await createTestUser(db, { role: 'student', department: 'BCA', username: 'sam' })).id;
  ids.neg = (await createTestUser(db, { role: 'student', department: 'BCA', username: '-neg' })).id;
  const session = (teacher: number, radius: number, started: string, ends: string, ended: string | null) =>
    insertSession(db, {
      teacher_id: teacher,
      department_id: 3,
      latitude: 1,
      longitude: 2,
      radius_m: radius,
      started_at: started,
      ends_at: ends,
      ended_at: ended,
    });
  const a = await session(ids.boss, 40, '2026-01-10T04:00:00.000Z', '2026-01-10T05:00:00.000Z', '2026-01-10T04:45:00.000Z');
  const b = await session(ids.tb, 30, '2026-01-11T20:00:00.000Z', '2026-01-11T21:00:00.000Z', null);
  // One set of columns for every row of the multi-row insert (SQLite fills a missing one with NULL, not its default).
  const record = { updated_at: '2026-01-12T00:00:00.000Z', face_verification_id: null, mark_flags: 0, mark_flag_refs: null };
  await db
    .insertInto('attendance_records')
    .values([
      // Inserted out of time order: the export orders by marked_at, then id.
      {
        ...record,
        session_id: b,
        student_id: ids.sam,
        status: 'present',
        marked_at: '2026-01-11T20:10:30.500Z',
        latitude: 12.3456789,
        longitude: -0.0000001,
        radius_m: 30,
        geofencing_status: 'invalid',
        face_recognition_status: 'not_verified',
        manual_override: 0,
        marked_by: null,
        // Flags as the marking stores them: one names the student with the hostile name.
        mark_flags: flagBit('same_device') | flagBit('no_room_code'),
        mark_flag_refs: JSON.stringify({ same_device: [ids.neg] }),
      },
      {
        ...record,
        session_id: a,
        student_id: ids.sam,
        status: 'present',
        marked_at: '2026-01-10T04:05:00.000Z',
        latitude: -33.8688,
        longitude: 151.2093,
        radius_m: null,
        geofencing_status: 'valid',
        face_recognition_status: 'verified',
        manual_override: 0,
        marked_by: null,
      },
      {
        ...record,
        session_id: a,
        student_id: ids.neg,
        status: 'absent',
        marked_at: '2026-01-10T04:05:00.000Z',
        latitude: null,
        longitude: null,
        radius_m: null,
        geofencing_status: null,
        face_recognition_status: null,
        manual_override: 1,
        marked_by: ids.boss,
      },
    ])
    .execute();
  // Sam's live face check tries in session b, as the live check ends them (a busy engine's is not the student's try).
  const tryOf = (id: string, session_id: number, user_id: number, outcome: string) => ({
    id,
    user_id,
    token_id: null,
    session_id,
    steps: '[]',
    issued_at: '2026-01-11T20:09:00.000Z',
    expires_at: '2026-01-11T20:10:00.000Z',
    used_at: '2026-01-11T20:09:20.000Z',
    outcome,
  });
  await db
    .insertInto('face_challenges')
    .values([
      tryOf('try-1', b, ids.sam, 'challenge_not_followed'),
      tryOf('try-2', b, ids.sam, 'busy'),
      tryOf('try-3', b, ids.sam, 'abandoned'),
      tryOf('try-4', b, ids.sam, 'accepted'),
      tryOf('try-5', b, ids.neg, 'accepted'),
    ])
    .execute();
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function csv(f: TAttendanceFilter) {
  let text = '';
  let rows = 0;
  for await (const chunk of detailCsvChunks(db, f, (n) => (rows += n))) text += chunk;
  return { text, rows };
}

const BOSS = `"'=Boss, ""T"""`;
const columns = [...MSG.admin.detailColumns, MSG.markFlags.column, MSG.teacher.detail.faceTries].join(',');
const header = `Teacher,Student,${columns}\r\n`;
// No flags and no face check tries: the last two cells empty.
const samA = `10/01/2026 09:35:00,present,Offline,valid,verified,No,System,'-33.868800,151.209300,40,10/01/2026 09:30:00,10/01/2026 10:15:00,,\r\n`;
const negA = `10/01/2026 09:35:00,absent,Online,,,Yes,${BOSS},,,40,10/01/2026 09:30:00,10/01/2026 10:15:00,,\r\n`;
// The reasons joined by '; ' in one cell: it names '-neg' but starts with a letter, so it needs no guard.
const samBFlags = `${MSG.markFlags.sameDevice('-neg')}; ${MSG.markFlags.noRoomCode}`;
// Sam's tries in that session beside the flags (quoted: the text holds commas), neither another session's nor another student's.
const samBTries = '"3 started, 1 failed, 1 abandoned"';
const samB = `12/01/2026 01:40:30,present,Offline,invalid,not_verified,No,System,12.345679,'-0.000000,30,12/01/2026 01:30:00,12/01/2026 02:30:00,${samBFlags},${samBTries}\r\n`;

describe('detail CSV bytes', () => {
  it('writes every record oldest first, with Teacher and Student in front', async () => {
    expect(await csv({})).toEqual({ text: `${header}${BOSS},sam,${samA}${BOSS},'-neg,${negA}tb,sam,${samB}`, rows: 3 });
  });

  it('writes the popup columns alone for one teacher and student, and narrows by teacher and mode', async () => {
    expect(await csv({ teacher: ids.boss, student: ids.sam })).toEqual({ text: `${columns}\r\n${samA}`, rows: 1 });
    expect((await csv({ teacher: ids.tb })).text).toBe(`${header}tb,sam,${samB}`);
    expect((await csv({ teacher: ids.tb, student: ids.sam })).text).toBe(`${columns}\r\n${samB}`);
    expect((await csv({ mode: 'online' })).text).toBe(`${header}${BOSS},'-neg,${negA}`);
    expect(await csv({ start_date: '2026-01-13' })).toEqual({ text: header, rows: 0 });
  });
});
