import type { TAttendanceFilter } from '@shared/schemas/admin';
import type { ExpressionBuilder } from 'kysely';
import type { DB } from '@server/db/connect';
import type { Database } from '@server/db/schema';
import { kolkataDayEnd, kolkataDayStart } from '@shared/kolkata-time';

/**
 * Attendance records joined to their session, narrowed by the admin filter row. Every report (pairs, charts, the
 * detail CSV) narrows records with recordConditions, so the table, the charts and the export always agree on what "the filtered range" is.
 * The department is the session's (the class the attendance was taken in); the mode is per record (SPEC 4).
 */
export function filteredRecords(db: DB, f: TAttendanceFilter) {
  let q = db.selectFrom('attendance_records as r').innerJoin('geofence_sessions as s', 's.id', 'r.session_id').where(recordConditions(f));
  if (f.teacher) q = q.where('s.teacher_id', '=', f.teacher);
  if (f.department_id) q = q.where('s.department_id', '=', f.department_id);
  return q;
}

/**
 * The filter's conditions on the record itself (student, Kolkata days, mode), for a query on `attendance_records as r`.
 * The session's (teacher, department) are the caller's: a join here, a subquery in the CSV export (no join per row).
 */
export const recordConditions = (f: TAttendanceFilter) => (eb: ExpressionBuilder<{ r: Database['attendance_records'] }, 'r'>) => {
  const all = [];
  if (f.student) all.push(eb('r.student_id', '=', f.student));
  if (f.start_date) all.push(eb('r.marked_at', '>=', kolkataDayStart(f.start_date)));
  if (f.end_date) all.push(eb('r.marked_at', '<', kolkataDayEnd(f.end_date)));
  if (f.mode === 'offline') all.push(eb('r.geofencing_status', 'is not', null));
  if (f.mode === 'online') all.push(eb('r.geofencing_status', 'is', null));
  // Only an own present mark carries flags (the marking keeps others at 0); the status check says so to a reader.
  if (f.flagged) all.push(eb('r.status', 'in', ['present', 'late']), eb('r.mark_flags', '!=', 0));
  return eb.and(all);
};

export const filterKey = (f: TAttendanceFilter) =>
  JSON.stringify([f.teacher ?? 0, f.student ?? 0, f.department_id ?? 0, f.start_date ?? '', f.end_date ?? '', f.mode ?? '', f.flagged ? 1 : 0]);
