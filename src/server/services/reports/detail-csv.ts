import { Readable } from 'node:stream';
import { MSG } from '../../../shared/messages';
import type { TAttendanceFilter } from '../../../shared/schemas/admin';
import type { DB } from '../../db/connect';
import { userNames } from './attendance-detail';
import { fileStamp, formatCoordinate, formatKolkata } from '../../../shared/kolkata-time';
import { recordConditions } from './attendance-filter';
import type { AppDeps } from '../../deps';

/** Rows per query: small enough that other requests run between batches, large enough to keep the export fast. */
const BATCH = 5_000;

/** A CSV field: quoted when needed, and never read as a formula by a spreadsheet. */
export function csvField(value: string | number): string {
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s) && typeof value === 'string') s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const line = (fields: (string | number)[]) => `${fields.map(csvField).join(',')}\r\n`;

interface SessionCells {
  teacher_id: number;
  radius: number;
  start: string;
  end: string;
}

/** Every session's formatted times once per export (a session has up to a class of rows), read again for new ones. */
async function sessionCells(db: DB, known: Map<number, SessionCells>, after = 0) {
  const rows = await db
    .selectFrom('geofence_sessions')
    .select(['id', 'teacher_id', 'radius_m', 'started_at', 'ends_at', 'ended_at'])
    .where('id', '>', after)
    .execute();
  for (const s of rows)
    known.set(s.id, { teacher_id: s.teacher_id, radius: s.radius_m, start: formatKolkata(s.started_at), end: formatKolkata(s.ended_at ?? s.ends_at) });
  return known;
}

/** The record columns of the export; the session's side comes from sessionCells, so no join runs per row. */
function csvRecords(db: DB, f: TAttendanceFilter) {
  let q = db
    .selectFrom('attendance_records as r')
    .select([
      'r.id',
      'r.marked_at',
      'r.session_id',
      'r.student_id',
      'r.status',
      'r.geofencing_status',
      'r.face_recognition_status',
      'r.manual_override',
      'r.marked_by',
      'r.latitude',
      'r.longitude',
      'r.radius_m',
    ]);
  if (f.teacher || f.department_id) {
    let sessions = db.selectFrom('geofence_sessions').select('id');
    if (f.teacher) sessions = sessions.where('teacher_id', '=', f.teacher);
    if (f.department_id) sessions = sessions.where('department_id', '=', f.department_id);
    q = q.where('r.session_id', 'in', sessions);
  }
  q = q.where(recordConditions(f));
  return q;
}

type CsvRecord = Awaited<ReturnType<ReturnType<typeof csvRecords>['execute']>>[number];

/** The 12 columns of SPEC 9; an export spanning several pairs adds who the row is about in front. */
function detailLine(r: CsvRecord, s: SessionCells, date: string, names: Map<number, string>, withPair: boolean): string {
  const cells: (string | number)[] = [
    date,
    r.status,
    r.geofencing_status ? MSG.admin.modeOffline : MSG.admin.modeOnline,
    r.geofencing_status ?? '',
    r.face_recognition_status ?? '',
    r.manual_override === 1 ? MSG.admin.yes : MSG.admin.no,
    (r.marked_by !== null && names.get(r.marked_by)) || MSG.admin.system,
    formatCoordinate(r.latitude),
    formatCoordinate(r.longitude),
    r.radius_m ?? s.radius,
    s.start,
    s.end,
  ];
  return line(withPair ? [names.get(s.teacher_id) ?? '', names.get(r.student_id) ?? '', ...cells] : cells);
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
  const sessions = await sessionCells(db, new Map());
  const highest = () => {
    let m = 0;
    for (const id of sessions.keys()) if (id > m) m = id;
    return m;
  };
  let maxSession = highest();
  yield detailHeader(withPair);
  let after: { marked_at: string; id: number } | null = null;
  // Rows of one session share a time: format each distinct time once.
  let lastIso = '';
  let lastDate = '';
  for (;;) {
    let q = csvRecords(db, f);
    if (after) {
      const { marked_at, id } = after;
      q = q.where((eb) => eb(eb.refTuple('r.marked_at', 'r.id'), '>', eb.tuple(marked_at, id)));
    }
    const rows = await q.orderBy('r.marked_at').orderBy('r.id').limit(BATCH).execute();
    if (!rows.length) return;
    if (rows.some((r) => !sessions.has(r.session_id))) {
      await sessionCells(db, sessions, maxSession);
      maxSession = highest();
    }
    let chunk = '';
    for (const r of rows) {
      if (r.marked_at !== lastIso) {
        lastIso = r.marked_at;
        lastDate = formatKolkata(r.marked_at);
      }
      const session = sessions.get(r.session_id)!;
      // Users added after the export started (rare): read their names one by one.
      for (const id of [r.student_id, session.teacher_id, r.marked_by])
        if (id !== null && !names.has(id)) names.set(id, (await userNames(db, [id])).get(id) ?? '');
      chunk += detailLine(r, session, lastDate, names, withPair);
    }
    onRows?.(rows.length);
    yield chunk;
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1];
    after = { marked_at: last.marked_at, id: last.id };
  }
}

/** A byte stream of the detail CSV with backpressure: the reader's pace decides how fast batches are read. */
export const detailCsvStream = ({ db }: Pick<AppDeps, 'db'>, f: TAttendanceFilter, onRows?: (n: number) => void) =>
  Readable.from(detailCsvChunks(db, f, onRows), { objectMode: false });

const safeName = (name: string) => name.replace(/[^A-Za-z0-9_-]/g, '') || 'all';

/** SPEC 9: attendance_detail_{teacher}_{timestamp}.csv and attendance_summary_{timestamp}.csv. */
export const detailFileName = (teacher: string, now: Date) => `attendance_detail_${safeName(teacher)}_${fileStamp(now)}.csv`;
export const summaryFileName = (now: Date) => `attendance_summary_${fileStamp(now)}.csv`;
