import type { AppDeps } from '@server/deps';

type Deps = Pick<AppDeps, 'db'>;

export interface RecentRun {
  /** Ended sessions in a row, the latest first, the student missed (absent or no record); excused ones are skipped. */
  absences_in_row: number;
  /** Sessions open now in which the student has no mark yet: still to come for them. */
  open_unmarked: number;
}

/**
 * For a few students of one department (the At risk list's), the absences in a row up to now and the open sessions
 * they have not marked yet, over the department's sessions in [from, now] since each student's approval.
 */
export async function recentRuns(deps: Deps, scope: { department_id: number; from: string; now: string }, studentIds: readonly number[]) {
  const runs = new Map<number, RecentRun>();
  if (studentIds.length === 0) return runs;
  const [students, sessions, records] = await Promise.all([
    deps.db.selectFrom('users').select(['id', 'created_at', 'activated_at']).where('id', 'in', studentIds).execute(),
    deps.db
      .selectFrom('geofence_sessions')
      .select(['id', 'started_at', 'ended_at'])
      .where('department_id', '=', scope.department_id)
      .where('started_at', '>=', scope.from)
      .where('started_at', '<=', scope.now)
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    deps.db
      .selectFrom('attendance_records as r')
      .innerJoin('geofence_sessions as s', 's.id', 'r.session_id')
      .select(['r.student_id', 'r.session_id', 'r.status'])
      .where('s.department_id', '=', scope.department_id)
      .where('s.started_at', '>=', scope.from)
      .where('r.student_id', 'in', studentIds)
      .execute(),
  ]);
  const status = new Map(records.map((r) => [`${r.student_id}:${r.session_id}`, r.status]));
  for (const st of students) {
    const since = st.activated_at ?? st.created_at;
    const run: RecentRun = { absences_in_row: 0, open_unmarked: 0 };
    let counting = true;
    for (const s of sessions) {
      if (s.started_at < since) break;
      const mark = status.get(`${st.id}:${s.id}`);
      if (s.ended_at === null && mark === undefined) {
        run.open_unmarked++;
        continue;
      }
      if (!counting || mark === 'excused') continue;
      if (mark === undefined || mark === 'absent') run.absences_in_row++;
      else counting = false;
    }
    runs.set(st.id, run);
  }
  return runs;
}
