import { isBelowRule } from '@shared/attendance/attendance-standing';
import { fileStamp, formatKolkata } from '@shared/kolkata-time';
import { MSG } from '@shared/messages';
import type { TShortfallInput } from '@shared/schemas/attendance-rule';
import type { AppDeps } from '@server/deps';
import { csvField } from '../csv-field';
import { departmentStandings, type StudentStandingRow } from './department-standings';
import { type AttendanceRule, periodOf, ruleInForce } from './rule-settings';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'reports'>;

/** Rows a page of the report shows. */
export const SHORTFALL_PAGE_SIZE = 20;

const byName = new Intl.Collator().compare;

/**
 * Every active student below the rule for the filter's department and days (the semester's where a day is not
 * given), lowest rate first; the list and its CSV text are kept with the standings until a count changes, so paging
 * and the export read the same sorted list.
 */
async function shortfallOf(deps: Deps, f: TShortfallInput) {
  const rule = await ruleInForce(deps);
  const period = periodOf(f.start_date ?? rule.semester_start, f.end_date ?? rule.semester_end);
  const standings = await departmentStandings(deps, { department_id: f.department_id, ...period }, rule);
  const rows = standings.keep('shortfall', () =>
    standings.rows.filter(isBelowRule).sort((a, b) => a.rate! - b.rate! || byName(a.username, b.username) || a.student_id - b.student_id),
  );
  return { rule, rows, keep: standings.keep };
}

/** One page of the shortfall report, with the count the "Below the rule" card shows. */
export async function shortfallReport(deps: Deps, f: TShortfallInput & { page?: number }) {
  const { rule, rows } = await shortfallOf(deps, f);
  const page = Math.max(1, Math.min(f.page ?? 1, Math.ceil(rows.length / SHORTFALL_PAGE_SIZE) || 1));
  return {
    required_rate: rule.required_rate,
    total: rows.length,
    page,
    total_pages: Math.max(1, Math.ceil(rows.length / SHORTFALL_PAGE_SIZE)),
    rows: rows.slice((page - 1) * SHORTFALL_PAGE_SIZE, page * SHORTFALL_PAGE_SIZE),
  };
}

const COLUMNS = ['Student', 'Department', 'Rate (%)', 'Required (%)', 'Held', 'Attended', 'Excused', 'Sessions needed', 'Last present'];

/** The whole report as CSV (every row, not the page on screen). */
export async function shortfallCsv(deps: Deps, f: TShortfallInput) {
  const { rule, rows, keep } = await shortfallOf(deps, f);
  const csv = keep('shortfall-csv', () => csvOf(rule, rows));
  return { csv, rows: rows.length, fileName: `attendance_shortfall_${fileStamp(deps.clock.now())}.csv` };
}

function csvOf(rule: AttendanceRule, rows: readonly StudentStandingRow[]) {
  const lines = [COLUMNS.map(csvField).join(',')];
  for (const r of rows)
    lines.push(
      [
        r.username,
        r.department,
        r.rate ?? '',
        rule.required_rate,
        r.held,
        r.attended,
        r.excused,
        r.needed_to_recover ?? MSG.attendanceRule.cannotRecover(rule.required_rate),
        formatKolkata(r.last_present_at),
      ]
        .map(csvField)
        .join(','),
    );
  return `${lines.join('\r\n')}\r\n`;
}
