import { MSG } from '@shared/messages';
import type { TAttendanceFilter, TPairSort } from '@shared/schemas/admin';
import { pairRows } from './attendance-pairs';
import { csvField } from './csv-field';
import type { AppDeps } from '@server/deps';

/** The summary popup's columns for every pair of the filter (not only the page on screen). */
export async function summaryCsv(
  deps: Pick<AppDeps, 'db' | 'reports' | 'clock'>,
  f: TAttendanceFilter,
  sort: TPairSort = 'desc',
  search?: string,
): Promise<{ csv: string; rows: number }> {
  const rows = await pairRows(deps, f, sort, search);
  const lines = [MSG.admin.summaryColumns.map(csvField).join(',')];
  for (const r of rows) {
    lines.push(
      [
        r.teacher_name,
        r.student_name,
        r.total_present,
        r.total_absent,
        r.total_late,
        r.total_excused,
        r.geofencing_success,
        r.geofencing_fail,
        r.face_success,
        r.face_fail,
        r.total_attendance,
      ]
        .map(csvField)
        .join(','),
    );
  }
  return { csv: `${lines.join('\r\n')}\r\n`, rows: rows.length };
}
