import { AT_RISK_MARGIN, isAtRisk } from '@shared/attendance/attendance-standing';
import type { AuthUser } from '@server/auth/authenticate';
import type { AppDeps } from '@server/deps';
import { departmentStandings } from './department-standings';
import { periodOf, ruleInForce } from './rule-settings';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'reports'>;

/**
 * The teacher's At risk list: students of the teacher's own department below the rule over the semester, or who can
 * miss at most AT_RISK_MARGIN more sessions; lowest rate first. A teacher without a department sees nobody.
 */
export async function atRiskStudents(deps: Deps, teacher: AuthUser) {
  const rule = await ruleInForce(deps);
  const base = { required_rate: rule.required_rate, margin: AT_RISK_MARGIN, semester_start: rule.semester_start, semester_end: rule.semester_end };
  if (!teacher.department_id) return { ...base, students: [] };
  const { rows } = await departmentStandings(deps, { department_id: teacher.department_id, ...periodOf(rule.semester_start, rule.semester_end) }, rule);
  const students = rows
    .filter(isAtRisk)
    .sort((a, b) => a.rate! - b.rate! || a.username.localeCompare(b.username))
    .map(({ department: _department, ...r }) => r);
  return { ...base, students };
}
