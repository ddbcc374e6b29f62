import { computeStanding, type Standing } from '../../../shared/attendance-standing';
import type { AppDeps } from '../../deps';
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

/** The standings of a scope under one rule, and a memo of what callers derive from them (sorted lists, CSV text). */
export interface Standings {
  rows: readonly StudentStandingRow[];
  /** compute's result, kept until a count changes (the key names what it is; the rule is already part of it). */
  keep<T>(key: string, compute: () => T): T;
}

const NONE: Standings = { rows: [], keep: (_key, compute) => compute() };

/**
 * Every active student's standing (of one department, or all) over [from, to), by the same rules as
 * studentStanding: sessions of the student's department from the later of `from` and their activation; an open
 * session counts once the student has a mark in it. The marks come from the per-student tally kept beside the admin
 * reports' facts (services/reports/standing-tallies.ts): counted once, then caught up by the records that changed,
 * so a call costs two small reads (the students, the period's sessions) and no pass over the records. The rows are
 * kept with the tally until a count changes (read-only: callers sort copies).
 */
export async function departmentStandings(deps: Deps, scope: { department_id?: number; from: string; to: string }, rule: AttendanceRule): Promise<Standings> {
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
  const [people, sessionRows] = await Promise.all([students.orderBy('u.id').execute(), sessions.orderBy('id').execute()]);
  if (!people.length) return NONE;

  const fromSec = seconds(scope.from);
  // Everything the counts depend on, as text: a student approved, renamed or moved; a session started or ended.
  const keys = {
    students: people.map((p) => `${p.id},${p.department_id},${p.department},${p.activated_at ?? p.created_at},${p.username}`).join(';'),
    sessions: sessionRows.map((s) => `${s.id},${s.department_id},${s.started_at},${s.ended_at === null ? 1 : 0}`).join(';'),
  };
  const tally = await deps.reports.tally(
    JSON.stringify([scope.department_id ?? 0, scope.from, scope.to]),
    keys,
    () => people.map((p) => ({ id: p.id, department_id: p.department_id!, since: Math.max(fromSec, seconds(p.activated_at ?? p.created_at)) })),
    () => sessionRows.map((s) => ({ id: s.id, department_id: s.department_id, start: seconds(s.started_at), open: s.ended_at === null })),
  );
  const ruleKey = `${rule.required_rate}:${rule.late_counts_as_present}`;
  const keep = <T>(key: string, compute: () => T): T => {
    const k = `${key}:${ruleKey}`;
    if (!tally.memo.has(k)) tally.memo.set(k, compute());
    return tally.memo.get(k) as T;
  };
  // The tally counts these same students (the same students key): their positions agree.
  const last = rule.late_counts_as_present ? tally.lastAttended : tally.lastPresent;
  const rows = keep('rows', () =>
    people.map((p, k) => ({
      student_id: p.id,
      username: p.username,
      department: p.department,
      last_present_at: last[k] ? new Date(last[k] * 1000).toISOString() : null,
      ...computeStanding({ held: tally.endedHeld[k] + tally.openHeld[k], present: tally.present[k], late: tally.late[k], excused: tally.excused[k] }, rule),
    })),
  );
  return { rows, keep };
}
