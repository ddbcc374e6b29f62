import { sql } from 'kysely';
import type { DB } from '../../db/connect';

/** The dashboard's counts (SPEC 3's summary totals), plus how many registered teachers wait for approval. */
export async function attendanceSummary(db: DB) {
  const users = await db
    .selectFrom('users')
    .select(['role', 'status', sql<number>`count(*)`.as('n')])
    .where('role', 'in', ['teacher', 'student'])
    .groupBy(['role', 'status'])
    .execute();
  const of = (role: string, status?: string) => users.filter((u) => u.role === role && (!status || u.status === status)).reduce((a, u) => a + Number(u.n), 0);
  const [sessions, records] = await Promise.all([
    db.selectFrom('geofence_sessions').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('attendance_records').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total_teachers: of('teacher'),
    total_students: of('student'),
    total_sessions: Number(sessions.n),
    total_attendance: Number(records.n),
    pending_teachers: of('teacher', 'pending'),
  };
}
