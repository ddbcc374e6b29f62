import { AT_RISK_MARGIN, isAtRisk, semesterOutlook } from '@shared/attendance/attendance-standing';
import type { AuthUser } from '@server/auth/authenticate';
import type { AppDeps } from '@server/deps';
import { upcomingSlotSessions } from '@server/services/attendance/index';
import { recentRuns } from './absence-streaks';
import { departmentStandings } from './department-standings';
import { periodOf, ruleInForce } from './rule-settings';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'reports'>;

/**
 * The teacher's At risk list: students of the teacher's own department below the rule over the semester, or who can
 * miss at most AT_RISK_MARGIN more sessions, each with their absences in a row. With a timetable, each also has the
 * most still possible (every session still to come attended), and the list is sorted by it, lowest first; without one,
 * by the rate so far. A teacher without a department sees nobody.
 */
export async function atRiskStudents(deps: Deps, teacher: AuthUser) {
  const rule = await ruleInForce(deps);
  const base = { required_rate: rule.required_rate, margin: AT_RISK_MARGIN, semester_start: rule.semester_start, semester_end: rule.semester_end };
  if (!teacher.department_id) return { ...base, timetable: false, students: [] };
  const department_id = teacher.department_id;
  const period = periodOf(rule.semester_start, rule.semester_end);
  const [{ rows }, upcoming] = await Promise.all([
    departmentStandings(deps, { department_id, ...period }, rule),
    upcomingSlotSessions(deps, { department_id, ...period }),
  ]);
  const atRisk = rows.filter(isAtRisk);
  const runs = await recentRuns(
    deps,
    { department_id, from: period.from, now: deps.clock.now().toISOString() },
    atRisk.map((r) => r.student_id),
  );
  const toCome = upcoming.get(department_id);
  const students = atRisk
    .map(({ department: _department, ...r }) => {
      const run = runs.get(r.student_id) ?? { absences_in_row: 0, open_unmarked: 0 };
      return { ...r, absences_in_row: run.absences_in_row, ...semesterOutlook(r, toCome === undefined ? null : toCome + run.open_unmarked) };
    })
    .sort((a, b) => (a.best_rate ?? a.rate!) - (b.best_rate ?? b.rate!) || a.rate! - b.rate! || a.username.localeCompare(b.username));
  return { ...base, timetable: toCome !== undefined, students };
}
