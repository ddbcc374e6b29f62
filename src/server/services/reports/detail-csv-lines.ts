import { MSG } from '@shared/messages';
import { formatKolkata, kolkataFormatter } from '@shared/kolkata-time';
import { csvField } from './csv-field';
import { flagsOf, flagsText } from '../attendance/index';
import type { FaceTries } from '../faces/index';
import { faceTriesText } from '@shared/attendance/detail-columns';

/** One record as the export reads it (arrayRows over detail-csv.ts's columns, in this order). */
export type CsvRecordRow = [
  id: number,
  marked_at: string,
  session_id: number,
  student_id: number,
  status: string,
  geofencing_status: string | null,
  face_recognition_status: string | null,
  manual_override: number,
  marked_by: number | null,
  latitude: number | null,
  longitude: number | null,
  radius_m: number | null,
  mark_flags: number,
  mark_flag_refs: string | null,
  /** issue 39: 1 on a mark the teacher made from a review request */
  reviewed: number,
];

/** The Flags cell (issue 19): the reasons' texts, guarded like any text (they name students). */
export const flagsCell = (r: CsvRecordRow, names: Map<number, string>) => (r[12] ? csvField(flagsText(flagsOf(r[12], r[13], names))) : '');

/** A session's side of its rows, its times already CSV fields: formatted once per session, not once per row. */
export interface CsvSession {
  teacher_id: number;
  radius: number;
  start: string;
  end: string;
}

export const csvSession = (s: { teacher_id: number; radius_m: number; started_at: string; ends_at: string; ended_at: string | null }): CsvSession => ({
  teacher_id: s.teacher_id,
  radius: s.radius_m,
  start: csvField(formatKolkata(s.started_at)),
  end: csvField(formatKolkata(s.ended_at ?? s.ends_at)),
});

/** formatCoordinate then csvField, without the regexes: a negative coordinate gets the formula guard like any '-' text. */
function coordinate(v: number | null): string {
  if (v === null || v === undefined) return '';
  const s = v.toFixed(6);
  return s.charCodeAt(0) === 45 ? `'${s}` : s;
}

/** csvField over a column with few distinct values (status, check results), each escaped once. */
function fewValues() {
  const seen = new Map<string, string>();
  return (v: string | null) => {
    if (v === null) return '';
    let cell = seen.get(v);
    if (cell === undefined) {
      cell = csvField(v);
      if (seen.size < 1_000) seen.set(v, cell);
    }
    return cell;
  };
}

/**
 * The CSV line of a record (SPEC 9's 12 columns, issue 19's Flags and issue 35's face check tries of the student in
 * the record's session; Teacher and Student in front when `withPair`), byte for byte what csvField over each column
 * gives, with every repeated cell (names, statuses, session times) escaped once.
 * `names` must hold every user the rows name (missing ones as ''): the caller reads new users before a batch.
 */
export function detailLineWriter(names: Map<number, string>, withPair: boolean) {
  const nameCells = new Map<number, string>();
  const nameCell = (id: number) => {
    let cell = nameCells.get(id);
    if (cell === undefined) {
      cell = csvField(names.get(id) ?? '');
      nameCells.set(id, cell);
    }
    return cell;
  };
  const system = csvField(MSG.admin.system);
  const [offline, online, yes, no] = [MSG.admin.modeOffline, MSG.admin.modeOnline, MSG.admin.yes, MSG.admin.no].map(csvField);
  const [status, geo, face] = [fewValues(), fewValues(), fewValues()];
  // Issue 39: a mark from a review request had no face check of its own; its face cell says who vouched instead.
  const reviewed = csvField(MSG.review.reviewedByTeacher);
  const time = kolkataFormatter();
  return (r: CsvRecordRow, s: CsvSession, tries?: FaceTries): string => {
    const date = time(r[1]);
    const by = r[8];
    const line = `${date.charCodeAt(0) === 45 ? csvField(date) : date},${status(r[4])},${r[5] ? offline : online},${geo(r[5])},${r[14] === 1 ? reviewed : face(r[6])},${
      r[7] === 1 ? yes : no
    },${by !== null && names.get(by) ? nameCell(by) : system},${coordinate(r[9])},${coordinate(r[10])},${String(r[11] ?? s.radius)},${s.start},${s.end},${flagsCell(r, names)},${tries ? csvField(faceTriesText(tries)) : ''}\r\n`;
    return withPair ? `${nameCell(s.teacher_id)},${nameCell(r[3])},${line}` : line;
  };
}
