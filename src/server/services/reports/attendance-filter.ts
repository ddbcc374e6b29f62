import type { TAttendanceFilter } from '../../../shared/schemas/admin';
import type { DB } from '../../db/connect';
import { kolkataDayEnd, kolkataDayStart } from './kolkata-time';

/**
 * Attendance records joined to their session, narrowed by the admin filter row. Every report (pairs, charts, the
 * detail CSV) starts here, so the table, the charts and the export always agree on what "the filtered range" is.
 * The department is the session's (the class the attendance was taken in); the mode is per record (SPEC 4).
 */
export function filteredRecords(db: DB, f: TAttendanceFilter) {
  let q = db.selectFrom('attendance_records as r').innerJoin('geofence_sessions as s', 's.id', 'r.session_id');
  if (f.teacher) q = q.where('s.teacher_id', '=', f.teacher);
  if (f.student) q = q.where('r.student_id', '=', f.student);
  if (f.department_id) q = q.where('s.department_id', '=', f.department_id);
  if (f.start_date) q = q.where('r.marked_at', '>=', kolkataDayStart(f.start_date));
  if (f.end_date) q = q.where('r.marked_at', '<', kolkataDayEnd(f.end_date));
  if (f.mode === 'offline') q = q.where('r.geofencing_status', 'is not', null);
  if (f.mode === 'online') q = q.where('r.geofencing_status', 'is', null);
  return q;
}

export const filterKey = (f: TAttendanceFilter) =>
  JSON.stringify([f.teacher ?? 0, f.student ?? 0, f.department_id ?? 0, f.start_date ?? '', f.end_date ?? '', f.mode ?? '']);
