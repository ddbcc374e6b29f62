import { sql } from 'kysely';
import type { AppDeps } from '@server/deps';
import { periodOf, ruleInForce } from './attendance-rule/rule-settings';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/**
 * Issue 39: the review requests of the semester (the attendance rule's) by department: how many refused students
 * asked their teacher, and how many were marked, declined, left to expire, answered by a mark made another way
 * (resolved: a retry that passed, the teacher's manual or bulk mark), or are still open. A department whose
 * students ask often points at a room, a camera or a setting worth a look.
 */
export async function reviewRates(deps: Deps) {
  const rule = await ruleInForce(deps);
  const period = periodOf(rule.semester_start, rule.semester_end);
  const count = (status: string) => sql<number>`sum(case when q.status = ${status} then 1 else 0 end)`;
  const rows = await deps.db
    .selectFrom('review_requests as q')
    .innerJoin('geofence_sessions as s', 's.id', 'q.session_id')
    .innerJoin('departments as d', 'd.id', 's.department_id')
    .select((eb) => [
      'd.name as department',
      eb.fn.countAll<number>().as('requests'),
      count('marked').as('marked'),
      count('declined').as('declined'),
      count('expired').as('expired'),
      count('resolved').as('resolved'),
      count('open').as('open'),
    ])
    .where('s.started_at', '>=', period.from)
    .where('s.started_at', '<', period.to)
    .groupBy('d.name')
    .orderBy('d.name')
    .execute();
  return {
    semester_start: rule.semester_start,
    semester_end: rule.semester_end,
    departments: rows.map((r) => ({
      department: r.department,
      requests: Number(r.requests),
      marked: Number(r.marked),
      declined: Number(r.declined),
      expired: Number(r.expired),
      resolved: Number(r.resolved),
      open: Number(r.open),
    })),
  };
}
