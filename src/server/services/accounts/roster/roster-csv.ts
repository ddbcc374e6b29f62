import { parse } from 'csv-parse/sync';
import { ROSTER_COLUMNS, ROSTER_MAX_ROWS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { DomainError } from '@server/lib/errors';

/** One student's line of a roster CSV, as written (the preview validates it), with the file's line it ends on. */
export interface RosterLine {
  line: number;
  name: string;
  email: string;
  roll_number: string;
  department: string;
}

const refuse = (message: string) => new DomainError('VALIDATION', message, { errorCode: 'roster_unreadable' });

/**
 * Reads a roster CSV (UTF-8, with or without a BOM; a spreadsheet's export) into its lines. The file as a whole is
 * refused when it is not UTF-8 or not CSV, when its header is not ROSTER_COLUMNS, or when it holds no student or more
 * than ROSTER_MAX_ROWS; a bad row is not refused here but shown by the preview with its line.
 */
export function readRosterCsv(file: Buffer): RosterLine[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    throw refuse(MSG.roster.unreadable);
  }
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // with `info`, each record comes as { record, info } (csv-parse's types describe the plain form only)
    records = parse(text, { bom: true, info: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as unknown as typeof records;
  } catch {
    throw refuse(MSG.roster.unreadable);
  }
  const [header, ...rows] = records;
  const names = header?.record.map((h) => h.toLowerCase()) ?? [];
  if (names.length !== ROSTER_COLUMNS.length || ROSTER_COLUMNS.some((c, i) => names[i] !== c)) throw refuse(MSG.roster.badHeader);
  if (rows.length === 0) throw refuse(MSG.roster.empty);
  if (rows.length > ROSTER_MAX_ROWS) throw refuse(MSG.roster.tooManyRows(ROSTER_MAX_ROWS));
  return rows.map(({ record, info }) => ({
    line: info.lines,
    name: record[0] ?? '',
    email: record[1] ?? '',
    roll_number: record[2] ?? '',
    department: record[3] ?? '',
  }));
}
