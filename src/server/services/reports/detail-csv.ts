import { Readable } from 'node:stream';
import { detailCsvColumns } from '@shared/attendance/detail-columns';
import type { TAttendanceFilter } from '@shared/schemas/admin';
import type { DB } from '@server/db/connect';
import { arrayRows } from '@server/db/dialect';
import { MARK_COLUMNS, userNames } from './attendance-detail';
import { fileStamp } from '@shared/kolkata-time';
import { recordConditions } from './attendance-filter';
import { csvField } from './csv-field';
import { referencedStudents } from '../attendance/index';
import { faceTriesOfSessions } from '../faces/index';
import { type CsvRecordRow, type CsvSession, csvSession, detailLineWriter } from './detail-csv-lines';
import type { AppDeps } from '@server/deps';

/** Rows per query: other requests run between batches (one batch is a few milliseconds of one core). */
const BATCH = 5_000;
/**
 * Rows per chunk written: about 70 kB of text. A chunk above V8's large-object size (about 128 kB) is allocated in
 * the old generation and lives until a full collection, so megabyte chunks grew the server's RSS by 100 MB.
 */
const CHUNK_ROWS = 500;

/** Every session's side once per export (a session has up to a class of rows), read again for new ones. */
async function sessionCells(db: DB, known: Map<number, CsvSession>, after = 0) {
  const rows = await db
    .selectFrom('geofence_sessions')
    .select(['id', 'teacher_id', 'radius_m', 'started_at', 'ends_at', 'ended_at'])
    .where('id', '>', after)
    .execute();
  for (const s of rows) known.set(s.id, csvSession(s));
  return known;
}

/** The record columns of the export, in CsvRecordRow's order; the session's side comes from sessionCells (no join per row). */
function csvRecords(db: DB, f: TAttendanceFilter, after: { marked_at: string; id: number } | null) {
  let q = db
    .selectFrom('attendance_records as r')
    .select(['r.id', 'r.marked_at', 'r.session_id', 'r.student_id', ...MARK_COLUMNS, 'r.mark_flags', 'r.mark_flag_refs', 'r.reviewed']);
  if (f.teacher || f.department_id) {
    let sessions = db.selectFrom('geofence_sessions').select('id');
    if (f.teacher) sessions = sessions.where('teacher_id', '=', f.teacher);
    if (f.department_id) sessions = sessions.where('department_id', '=', f.department_id);
    q = q.where('r.session_id', 'in', sessions);
  }
  q = q.where(recordConditions(f));
  if (after) q = q.where((eb) => eb(eb.refTuple('r.marked_at', 'r.id'), '>', eb.tuple(after.marked_at, after.id)));
  return q.orderBy('r.marked_at').orderBy('r.id').limit(BATCH);
}

/** The header line (src/shared/attendance/detail-columns.ts, the list the detail view reads too). */
export const detailHeader = (withPair: boolean) => `${detailCsvColumns(withPair).map(csvField).join(',')}\r\n`;

/** Users and sessions created after the export started (rare): read before the batch that names them. */
async function learnNew(db: DB, rows: CsvRecordRow[], sessions: Map<number, CsvSession>, names: Map<number, string>) {
  if (rows.some((r) => !sessions.has(r[2]))) {
    let highest = 0;
    for (const id of sessions.keys()) if (id > highest) highest = id;
    await sessionCells(db, sessions, highest);
  }
  const missing = new Set<number>();
  const check = (id: number | null | undefined) => {
    if (id !== null && id !== undefined && !names.has(id)) missing.add(id);
  };
  for (const r of rows) {
    check(r[3]);
    check(sessions.get(r[2])?.teacher_id);
    check(r[8]);
    if (r[12]) for (const id of referencedStudents(r[13])) check(id);
  }
  if (!missing.size) return;
  const found = await userNames(db, [...missing]);
  for (const id of missing) names.set(id, found.get(id) ?? '');
}

/**
 * The detail CSV, oldest first, as text chunks of CHUNK_ROWS rows. Rows are read as arrays in keyset batches on
 * (marked_at, id), so memory stays flat whatever the size and the database is free between batches. `onRows` counts
 * what was written.
 */
export async function* detailCsvChunks(db: DB, f: TAttendanceFilter, onRows?: (n: number) => void): AsyncGenerator<string> {
  const withPair = !(f.teacher && f.student);
  const names = await userNames(db);
  const sessions = await sessionCells(db, new Map());
  const lineOf = detailLineWriter(names, withPair);
  yield detailHeader(withPair);
  let after: { marked_at: string; id: number } | null = null;
  for (;;) {
    const rows = (await arrayRows(db, csvRecords(db, f, after))) as CsvRecordRow[];
    if (!rows.length) return;
    await learnNew(db, rows, sessions, names);
    // The batch's face check tries (issue 35), one query per few hundred sessions rather than one per row.
    const tries = await faceTriesOfSessions(
      db,
      rows.map((r) => r[2]),
      f.student ? [f.student] : undefined,
    );
    for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
      let chunk = '';
      for (const r of rows.slice(i, i + CHUNK_ROWS)) chunk += lineOf(r, sessions.get(r[2])!, tries.get(r[2])?.get(r[3]));
      onRows?.(Math.min(CHUNK_ROWS, rows.length - i));
      yield chunk;
    }
    if (rows.length < BATCH) return;
    const last = rows[rows.length - 1];
    after = { marked_at: last[1], id: last[0] };
  }
}

/** A byte stream of the detail CSV with backpressure: the reader's pace decides how fast batches are read. */
export const detailCsvStream = ({ db }: Pick<AppDeps, 'db'>, f: TAttendanceFilter, onRows?: (n: number) => void) =>
  Readable.from(detailCsvChunks(db, f, onRows), { objectMode: false });

const safeName = (name: string) => name.replace(/[^A-Za-z0-9_-]/g, '') || 'all';

/** SPEC 9: attendance_detail_{teacher}_{timestamp}.csv and attendance_summary_{timestamp}.csv. */
export const detailFileName = (teacher: string, now: Date) => `attendance_detail_${safeName(teacher)}_${fileStamp(now)}.csv`;
export const summaryFileName = (now: Date) => `attendance_summary_${fileStamp(now)}.csv`;
