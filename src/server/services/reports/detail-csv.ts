import { Readable } from 'node:stream';
import { MSG } from '../../../shared/messages';
import type { TAttendanceFilter } from '../../../shared/schemas/admin';
import type { DB } from '../../db/connect';
import { type DetailRecord, detailRecords, userNames } from './attendance-detail';
import { fileStamp, formatKolkata } from './kolkata-time';

/** Rows per query: small enough that other requests run between batches, large enough to keep the export fast. */
const BATCH = 5_000;

/** A CSV field: quoted when needed, and never read as a formula by a spreadsheet. */
export function csvField(value: string | number): string {
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s) && typeof value === 'string') s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const line = (fields: (string | number)[]) => `${fields.map(csvField).join(',')}\r\n`;
const coord = (v: number | null) => (v === null ? '' : v.toFixed(6));

/** The 12 columns of SPEC 9; an export spanning several pairs adds who the row is about in front. */
function detailLine(r: DetailRecord, names: Map<number, string>, withPair: boolean): string {
  const cells: (string | number)[] = [
    formatKolkata(r.marked_at),
    r.status,
    r.geofencing_status ? MSG.admin.modeOffline : MSG.admin.modeOnline,
    r.geofencing_status ?? '',
    r.face_recognition_status ?? '',
    r.manual_override === 1 ? MSG.admin.yes : MSG.admin.no,
    (r.marked_by !== null && names.get(r.marked_by)) || MSG.admin.system,
    coord(r.latitude),
    coord(r.longitude),
    r.radius_m ?? r.session_radius_m,
    formatKolkata(r.started_at),
    formatKolkata(r.ended_at ?? r.ends_at),
  ];
  return line(withPair ? [names.get(r.teacher_id) ?? '', names.get(r.student_id) ?? '', ...cells] : cells);
}

/** One pair fixed: the popup's 12 columns; otherwise Teacher and Student come first. */
export const detailHeader = (withPair: boolean) => line([...(withPair ? ['Teacher', 'Student'] : []), ...MSG.admin.detailColumns]);

/**
 * The detail CSV, oldest first, as text chunks. Rows are read in keyset batches on (marked_at, id), so memory stays
 * flat whatever the size and the database is free between batches. `onRows` counts what was written.
 */
export async function* detailCsvChunks(db: DB, f: TAttendanceFilter, onRows?: (n: number) => void): AsyncGenerator<string> {
  const withPair = !(f.teacher && f.student);
  const names = await userNames(db);
  yield detailHeader(withPair);
  let after: { marked_at: string; id: number } | null = null;
  for (;;) {
    let q = detailRecords(db, f);
    if (after) {
      const { marked_at, id } = after;
      q = q.where((eb) => eb(eb.refTuple('r.marked_at', 'r.id'), '>', eb.tuple(marked_at, id)));
    }
    const rows = await q.orderBy('r.marked_at').orderBy('r.id').limit(BATCH).execute();
    if (!rows.length) return;
    let chunk = '';
    for (const r of rows) chunk += detailLine(r, names, withPair);
    onRows?.(rows.length);
    yield chunk;
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1];
    after = { marked_at: last.marked_at, id: last.id };
  }
}

/** A byte stream of the detail CSV with backpressure: the reader's pace decides how fast batches are read. */
export const detailCsvStream = (db: DB, f: TAttendanceFilter, onRows?: (n: number) => void) =>
  Readable.from(detailCsvChunks(db, f, onRows), { objectMode: false });

const safeName = (name: string) => name.replace(/[^A-Za-z0-9_-]/g, '') || 'all';

/** SPEC 9: attendance_detail_{teacher}_{timestamp}.csv and attendance_summary_{timestamp}.csv. */
export const detailFileName = (teacher: string, now: Date) => `attendance_detail_${safeName(teacher)}_${fileStamp(now)}.csv`;
export const summaryFileName = (now: Date) => `attendance_summary_${fileStamp(now)}.csv`;
