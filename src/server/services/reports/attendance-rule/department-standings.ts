import { computeStanding, type Standing } from '../../../../shared/attendance-standing';
import type { AppDeps } from '../../../deps';
import { F_EXCUSED, F_LATE, F_PRESENT } from '../facts/attendance-facts';
import type { AttendanceRule } from './rule-settings';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'reports'>;

export interface StudentStandingRow extends Standing {
  student_id: number;
  username: string;
  department: string;
  /** The latest present (or late, when it counts) mark in the period; null for none. */
  last_present_at: string | null;
}

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/** How many of the sorted times are at or after t. */
function countFrom(sorted: number[], t: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < t) lo = mid + 1;
    else hi = mid;
  }
  return sorted.length - lo;
}

/**
 * Every active student's standing (of one department, or all) over [from, to), by the same rules as
 * studentStanding: sessions of the student's department from the later of `from` and their activation; an open
 * session counts once the student has a mark in it. The marks are tallied in one pass over the admin reports' facts
 * (services/reports/facts/attendance-facts.ts), not a GROUP BY: on SQLite a GROUP BY over a million records took about a
 * second even from a covering index (docs/benchmarks-history.md), the pass over the facts a few milliseconds.
 */
export async function departmentStandings(
  deps: Deps,
  scope: { department_id?: number; from: string; to: string },
  rule: AttendanceRule,
): Promise<StudentStandingRow[]> {
  const now = deps.clock.now().toISOString();
  let students = deps.db
    .selectFrom('users as u')
    .innerJoin('departments as d', 'd.id', 'u.department_id')
    .select(['u.id', 'u.username', 'u.department_id', 'd.name as department', 'u.created_at', 'u.activated_at'])
    .where('u.role', '=', 'student')
    .where('u.status', '=', 'active');
  let sessions = deps.db
    .selectFrom('geofence_sessions')
    .select(['id', 'department_id', 'started_at', 'ended_at'])
    .where('started_at', '>=', scope.from)
    .where('started_at', '<', scope.to)
    .where('started_at', '<=', now);
  if (scope.department_id) {
    students = students.where('u.department_id', '=', scope.department_id);
    sessions = sessions.where('department_id', '=', scope.department_id);
  }
  const [people, sessionRows, facts] = await Promise.all([students.orderBy('u.id').execute(), sessions.execute(), deps.reports.facts()]);
  if (!people.length) return [];

  const maxSession = sessionRows.reduce((m, s) => Math.max(m, s.id), 0);
  const sessionStart = new Float64Array(maxSession + 1).fill(-1);
  const sessionDepartment = new Int32Array(maxSession + 1);
  const sessionOpen = new Uint8Array(maxSession + 1);
  const endedStarts = new Map<number, number[]>();
  for (const s of sessionRows) {
    const t = seconds(s.started_at);
    sessionStart[s.id] = t;
    sessionDepartment[s.id] = s.department_id;
    if (s.ended_at === null) sessionOpen[s.id] = 1;
    else {
      const list = endedStarts.get(s.department_id) ?? [];
      list.push(t);
      endedStarts.set(s.department_id, list);
    }
  }
  for (const list of endedStarts.values()) list.sort((a, b) => a - b);

  const fromSec = seconds(scope.from);
  const maxStudent = people.at(-1)!.id;
  // Typed arrays by position, not objects: the loop below runs once per record (a million on the benchmark).
  const index = new Int32Array(maxStudent + 1).fill(-1);
  const since = new Float64Array(people.length);
  const department = new Int32Array(people.length);
  const held = new Int32Array(people.length);
  const present = new Int32Array(people.length);
  const late = new Int32Array(people.length);
  const excused = new Int32Array(people.length);
  const lastPresent = new Uint32Array(people.length);
  for (const [k, p] of people.entries()) {
    index[p.id] = k;
    since[k] = Math.max(fromSec, seconds(p.activated_at ?? p.created_at));
    department[k] = p.department_id!;
    held[k] = countFrom(endedStarts.get(p.department_id!) ?? [], since[k]);
  }
  // A late record carries F_PRESENT too (the reports count it attended): whether it counts here is the rule's setting.
  const attends = (fl: number) => (fl & F_LATE ? rule.late_counts_as_present : (fl & F_PRESENT) !== 0);
  const { n, session, student, flags, at } = facts;
  for (let i = 0; i < n; i++) {
    const sid = session[i];
    const stu = student[i];
    if (sid > maxSession || stu > maxStudent || sessionStart[sid] < 0) continue;
    const k = index[stu];
    if (k < 0 || sessionDepartment[sid] !== department[k] || sessionStart[sid] < since[k]) continue;
    const fl = flags[i];
    if (fl & F_LATE) late[k]++;
    else if (fl & F_PRESENT) present[k]++;
    else if (fl & F_EXCUSED) excused[k]++;
    if (sessionOpen[sid]) held[k]++;
    if (attends(fl) && at[i] > lastPresent[k]) lastPresent[k] = at[i];
  }
  return people.map((p, k) => ({
    student_id: p.id,
    username: p.username,
    department: p.department,
    last_present_at: lastPresent[k] ? new Date(lastPresent[k] * 1000).toISOString() : null,
    ...computeStanding({ held: held[k], present: present[k], late: late[k], excused: excused[k] }, rule),
  }));
}
