import { sql } from 'kysely';
import type { AuthUser } from '@server/auth/authenticate';
import type { AppDeps } from '@server/deps';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'urls' | 'config'>;

/**
 * A student's own records, newest first, each with its session's department, teacher and times (issue 22): the
 * student's own classes, nothing of anyone else's. The list response's rate is the semester's standing, added by
 * reports' studentAttendanceList: one rate everywhere (issue 36).
 */
export async function getStudentAttendance(deps: Deps, student: AuthUser, page: number, limit: number) {
  const totals = await deps.db
    .selectFrom('attendance_records')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      sql<string | null>`max(case when status in ('present', 'late') then marked_at end)`.as('last_present_at'),
    ])
    .where('student_id', '=', student.id)
    .executeTakeFirstOrThrow();
  const rows = await deps.db
    .selectFrom('attendance_records as r')
    .leftJoin('users as m', 'm.id', 'r.marked_by')
    .innerJoin('geofence_sessions as s', 's.id', 'r.session_id')
    .innerJoin('departments as d', 'd.id', 's.department_id')
    .leftJoin('users as t', 't.id', 's.teacher_id')
    .select([
      'r.id',
      'r.marked_at as timestamp',
      'r.status',
      'r.manual_override',
      'r.reviewed',
      'm.username as marked_by',
      'd.name as department',
      't.username as teacher',
      's.started_at as session_started_at',
      // When the session really ended (a teacher's Stop), else when it was due to.
      (eb) => eb.fn.coalesce('s.ended_at', 's.ends_at').as('session_ended_at'),
    ])
    .where('r.student_id', '=', student.id)
    .orderBy('r.marked_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  const total = Number(totals.total);
  return {
    attendance_records: rows.map(({ manual_override, reviewed, ...r }) => ({ ...r, manual_flag: manual_override === 1, reviewed: reviewed === 1 })),
    total_pages: Math.max(1, Math.ceil(total / limit)),
    total_records: total,
    /** The last time the student was marked present or late: an absent or excused mark is not a check-in. */
    last_present_at: totals.last_present_at,
  };
}
