import { describe, expect, it } from 'vitest';
import { countRows, createTestUser, startTestServerForFile } from '@tests/helpers/test-server';

const srv = await startTestServerForFile();

describe('the attempt log', () => {
  it('a flush returns only once every attempt recorded before it is stored, even with the timed write still under way', async () => {
    const student = await createTestUser(srv.db, { role: 'student', department: 'BCA' });
    const now = new Date().toISOString();
    for (let i = 0; i < 200; i++)
      srv.deps.attempts.record({
        student_id: student.id,
        session_id: null,
        latitude: 1,
        longitude: 2,
        distance_m: i,
        outcome: 'geofence_valid',
        created_at: now,
      });
    const timed = srv.deps.attempts.flush(); // as the timer would: its 8 inserts are still running when the next flush comes
    await srv.deps.attempts.flush(); // a reader's or a shutdown's flush
    expect(await countRows(srv.db.selectFrom('attendance_attempts').where('student_id', '=', student.id))).toBe(200);
    await timed;
  });
});
