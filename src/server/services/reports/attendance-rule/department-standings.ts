import { sql } from 'kysely';
import { computeStanding, type Standing } from '@shared/attendance/attendance-standing';
import type { AppDeps } from '@server/deps';
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
 * so a call costs two small reads (the students' key, the period's sessions) and no pass over the records. The rows are
 * kept with the tally until a count changes (read-only: callers sort copies).
 */
export async function departmentStandings(deps: Deps, scope: { department_id?: number; from: string; to: string }, rule: AttendanceRule): Promise<Standings> {
  const now = deps.clock.now().toISOString();
  const fromSec = seconds(scope.from);
  let students = deps.db
    .selectFrom('users as u')
    .innerJoin('departments as d', 'd.id', 'u.department_id')
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
  // Everything the counts and rows depend on, as text: a student approved, renamed or moved; a session started or
  // ended. The students' text is joined by the database (string_agg: SQLite 3.44+ and PostgreSQL), one short row
  // instead of every student's: they are read only when it differs from the kept tally's.
  const [studentsKey, sessionRows] = await Promise.all([
    students
      .select(
        sql<
          string | null
        >`string_agg(u.id || ',' || u.department_id || ',' || d.name || ',' || coalesce(u.activated_at, u.created_at) || ',' || u.username, ';' order by u.id)`.as(
          'key',
        ),
      )
      .executeTakeFirst(),
    sessions.orderBy('id').execute(),
  ]);
  if (!studentsKey?.key) return NONE;
  const keys = {
    students: studentsKey.key,
    sessions: sessionRows.map((s) => `${s.id},${s.department_id},${s.started_at},${s.ended_at === null ? 1 : 0}`).join(';'),
  };
  const tally = await deps.reports.tally(
    JSON.stringify([scope.department_id ?? 0, scope.from, scope.to]),
    keys,
    async () =>
      (
        await students.select(['u.id', 'u.username', 'u.department_id', 'd.name as department', 'u.created_at', 'u.activated_at']).orderBy('u.id').execute()
      ).map((p) => ({
        id: p.id,
        department_id: p.department_id!,
        since: Math.max(fromSec, seconds(p.activated_at ?? p.created_at)),
        username: p.username,
        department: p.department,
      })),
    () => sessionRows.map((s) => ({ id: s.id, department_id: s.department_id, start: seconds(s.started_at), open: s.ended_at === null })),
  );
  const ruleKey = `${rule.required_rate}:${rule.late_counts_as_present}`;
  const keep = <T>(key: string, compute: () => T): T => {
    const k = `${key}:${ruleKey}`;
    if (!tally.memo.has(k)) tally.memo.set(k, compute());
    return tally.memo.get(k) as T;
  };
  const last = rule.late_counts_as_present ? tally.lastAttended : tally.lastPresent;
  const rows = keep('rows', () =>
    tally.students.map((p, k) => ({
      student_id: p.id,
      username: p.username,
      department: p.department,
      last_present_at: last[k] ? new Date(last[k] * 1000).toISOString() : null,
      ...computeStanding({ held: tally.endedHeld[k] + tally.openHeld[k], present: tally.present[k], late: tally.late[k], excused: tally.excused[k] }, rule),
    })),
  );
  return { rows, keep };
}
