import { sql } from 'kysely';
import type { TAttendanceFilter } from '@shared/schemas/admin';
import type { AppDeps } from '@server/deps';
import { attendanceCardTotals } from './attendance-pairs';

/**
 * The dashboard's cards (SPEC 3's summary totals, plus how many registered teachers wait for approval), following the
 * filter row as the charts do (issue 22): the people cards count accounts of the filtered department (or the one
 * teacher or student picked), the attendance cards count the records the charts count, from the same aggregate.
 */
export async function attendanceSummary(deps: Pick<AppDeps, 'db' | 'reports'>, filter: TAttendanceFilter = {}) {
  let users = deps.db
    .selectFrom('users')
    .select(['role', 'status', sql<number>`count(*)`.as('n')])
    .where('role', 'in', ['teacher', 'student'])
    .groupBy(['role', 'status']);
  if (filter.department_id) users = users.where('department_id', '=', filter.department_id);
  // A picked teacher narrows the teachers to that one and a picked student the students; each leaves the other role.
  if (filter.teacher) users = users.where((eb) => eb.or([eb('role', '!=', 'teacher'), eb('id', '=', filter.teacher!)]));
  if (filter.student) users = users.where((eb) => eb.or([eb('role', '!=', 'student'), eb('id', '=', filter.student!)]));
  const [counts, totals] = await Promise.all([users.execute(), attendanceCardTotals(deps, filter)]);
  const of = (role: string, status?: string) => counts.filter((u) => u.role === role && (!status || u.status === status)).reduce((a, u) => a + Number(u.n), 0);
  return {
    total_teachers: of('teacher'),
    total_students: of('student'),
    total_sessions: totals.sessions,
    total_attendance: totals.total,
    flagged_marks: totals.flagged,
    pending_teachers: of('teacher', 'pending'),
  };
}
