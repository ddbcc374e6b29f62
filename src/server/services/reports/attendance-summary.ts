import { sql } from 'kysely';
import type { AppDeps } from '../../deps';

/** The dashboard's counts (SPEC 3's summary totals), plus how many registered teachers wait for approval. */
export async function attendanceSummary({ db, reports }: Pick<AppDeps, 'db' | 'reports'>) {
  const users = await db
    .selectFrom('users')
    .select(['role', 'status', sql<number>`count(*)`.as('n')])
    .where('role', 'in', ['teacher', 'student'])
    .groupBy(['role', 'status'])
    .execute();
  const of = (role: string, status?: string) => users.filter((u) => u.role === role && (!status || u.status === status)).reduce((a, u) => a + Number(u.n), 0);
  // The record count comes from the reports' facts (current to this call): a COUNT(*) walks a million-row index.
  const [sessions, facts] = await Promise.all([
    db.selectFrom('geofence_sessions').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    reports.facts(),
  ]);
  return {
    total_teachers: of('teacher'),
    total_students: of('student'),
    total_sessions: Number(sessions.n),
    total_attendance: facts.n,
    flagged_marks: facts.flagged,
    pending_teachers: of('teacher', 'pending'),
  };
}
