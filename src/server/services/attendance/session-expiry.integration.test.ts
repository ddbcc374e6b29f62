import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '@tests/helpers/test-database';
import { createTestUser, startTestServer, type TestServer } from '@tests/helpers/test-server';
import { connectDatabase, type DB } from '@server/db/connect';
import { systemClock } from '@server/lib/clock';
import { createSessionSweeper } from './session-expiry';

let srv: TestServer;
let other: DB;
beforeAll(async () => {
  srv = await startTestServer();
  // Another connection to the same database: a script, or another app node.
  other = connectDatabase(srv.deps.config.database, { poolSize: 2 });
});
afterAll(async () => {
  await other.destroy();
  await srv.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A session written straight into the database by the other connection, ending `inMs` from now. */
async function insertSession(db: DB, teacherId: number, departmentId: number, inMs: number) {
  const now = Date.now();
  return db
    .insertInto('geofence_sessions')
    .values({
      teacher_id: teacherId,
      department_id: departmentId,
      latitude: 23,
      longitude: 72,
      radius_m: 50,
      started_at: new Date(now - 60_000).toISOString(),
      ends_at: new Date(now + inMs).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

const departmentId = async (name: string) => (await srv.db.selectFrom('departments').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

describe('session expiry', () => {
  it('a session inserted by another connection is ended and its absentees marked on time, with no request', async () => {
    const bca = await departmentId('BCA');
    const teacher = await createTestUser(srv.db, { role: 'teacher', department: 'BCA' });
    const students = [
      await createTestUser(srv.db, { role: 'student', department: 'BCA' }),
      await createTestUser(srv.db, { role: 'student', department: 'BCA' }),
    ];
    // The server has swept (and knows of no open session) before the other connection writes one.
    await srv.deps.sessions.sweep();
    const stop = srv.deps.sessions.start(200);
    try {
      const { id } = await insertSession(other, teacher.id, bca, 1000);
      await sleep(600);
      expect((await other.selectFrom('geofence_sessions').select('ended_at').where('id', '=', id).executeTakeFirstOrThrow()).ended_at).toBeNull();
      await sleep(1200);
      const session = await other.selectFrom('geofence_sessions').select(['ends_at', 'ended_at', 'end_reason']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(session).toMatchObject({ end_reason: 'expired', ended_at: session.ends_at });
      const records = await other
        .selectFrom('attendance_records')
        .select(['student_id', 'status', 'marked_by'])
        .where('session_id', '=', id)
        .orderBy('student_id')
        .execute();
      expect(records).toEqual(students.map((s) => ({ student_id: s.id, status: 'absent', marked_by: null })));
    } finally {
      stop();
    }
  });

  it('sweepers of several nodes running at once end each due session exactly once', async () => {
    const imca = await departmentId('IMCA');
    const teachers = await Promise.all(Array.from({ length: 6 }, () => createTestUser(srv.db, { role: 'teacher', department: 'IMCA' })));
    const student = await createTestUser(srv.db, { role: 'student', department: 'IMCA' });
    const ids = [];
    for (const t of teachers) ids.push((await insertSession(other, t.id, imca, -1000)).id);
    // On PostgreSQL, three sweepers with a pool each: what three app nodes run. SQLite serves one machine, and
    // better-sqlite3 is synchronous (a second connection of this process waiting for a lock would block the thread
    // that holds it), so there the sweepers share the server's connection.
    const extra =
      testEngine === 'postgres' ? [connectDatabase(srv.deps.config.database, { poolSize: 2 }), connectDatabase(srv.deps.config.database, { poolSize: 2 })] : [];
    const pools = extra.length ? [other, ...extra] : [srv.db, srv.db, srv.db];
    try {
      const sweepers = [...pools, ...pools].map((db) => createSessionSweeper({ db, clock: systemClock }));
      const ended = await Promise.all(sweepers.map((s) => s.sweep()));
      expect(ended.reduce((a, b) => a + b, 0)).toBe(ids.length);
      const records = await other.selectFrom('attendance_records').select('session_id').where('student_id', '=', student.id).execute();
      expect(records.map((r) => r.session_id).sort((a, b) => a - b)).toEqual(ids);
      const open = await other.selectFrom('geofence_sessions').select('id').where('id', 'in', ids).where('ended_at', 'is', null).execute();
      expect(open).toEqual([]);
    } finally {
      await Promise.all(extra.map((db) => db.destroy()));
    }
  });
});
