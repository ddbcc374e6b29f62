import { computeStanding, semesterOutlook } from '@shared/attendance/attendance-standing';
import type { AttendanceStatus } from '@shared/attendance/attendance-status';
import type { AuthUser } from '@server/auth/authenticate';
import type { AppDeps } from '@server/deps';
import { getStudentAttendance, upcomingSlotSessions } from '@server/services/attendance/index';
import { periodOf, ruleInForce } from './rule-settings';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** The later of two ISO instants. */
const later = (a: string, b: string) => (a > b ? a : b);

/**
 * One student's standing over the semester: the sessions of their department held since the later of the semester's
 * start and their activation, with their mark in each (none: absent). An open session counts once the student has a
 * mark in it, so a class in progress is not a miss before it ends. Also the rate after each session, for the chart,
 * and (issue 39) where the semester can still end: the department's timetable occurrences still to come, and the open
 * sessions the student has not marked yet; unknown (null) where the department has no timetable.
 */
export async function studentStanding(deps: Deps, student: AuthUser) {
  const rule = await ruleInForce(deps);
  const { from, to } = periodOf(rule.semester_start, rule.semester_end);
  const user = await deps.db.selectFrom('users').select(['department_id', 'created_at', 'activated_at']).where('id', '=', student.id).executeTakeFirstOrThrow();
  const since = later(from, user.activated_at ?? user.created_at);
  const sessions = await deps.db
    .selectFrom('geofence_sessions as s')
    .leftJoin('attendance_records as r', (j) => j.onRef('r.session_id', '=', 's.id').on('r.student_id', '=', student.id))
    .select(['s.id', 's.started_at', 's.ended_at', 'r.status'])
    .where('s.department_id', '=', user.department_id ?? -1)
    .where('s.started_at', '>=', since)
    .where('s.started_at', '<', to)
    .where('s.started_at', '<=', deps.clock.now().toISOString())
    .where((eb) => eb.or([eb('s.ended_at', 'is not', null), eb('r.status', 'is not', null)]))
    .orderBy('s.started_at')
    .orderBy('s.id')
    .execute();
  const openUnmarked = await deps.db
    .selectFrom('geofence_sessions as s')
    .leftJoin('attendance_records as r', (j) => j.onRef('r.session_id', '=', 's.id').on('r.student_id', '=', student.id))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('s.department_id', '=', user.department_id ?? -1)
    .where('s.started_at', '>=', since)
    .where('s.ended_at', 'is', null)
    .where('r.status', 'is', null)
    .executeTakeFirst();
  const upcoming = user.department_id ? (await upcomingSlotSessions(deps, { department_id: user.department_id, from, to })).get(user.department_id) : undefined;
  const tally = { held: 0, present: 0, late: 0, excused: 0 };
  const series: { session_id: number; started_at: string; status: AttendanceStatus | 'unmarked'; rate: number | null }[] = [];
  for (const s of sessions) {
    tally.held++;
    if (s.status === 'present' || s.status === 'late' || s.status === 'excused') tally[s.status]++;
    series.push({ session_id: s.id, started_at: s.started_at, status: s.status ?? 'unmarked', rate: computeStanding(tally, rule).rate });
  }
  const standing = computeStanding(tally, rule);
  return {
    standing,
    outlook: semesterOutlook(standing, upcoming === undefined ? null : upcoming + Number(openUnmarked?.n ?? 0)),
    semester_start: rule.semester_start,
    semester_end: rule.semester_end,
    late_counts_as_present: rule.late_counts_as_present,
    series,
  };
}

/**
 * The student's history page (SPEC: attendance list response) with the rate the dashboard's card shows: the
 * semester's standing, by the rule's arithmetic (late as the rule says, excused left out, sessions since the student's
 * approval), 0 while nothing counts. The REST door and tRPC give this one rate, not a second formula over every record.
 */
export async function studentAttendanceList(deps: Pick<AppDeps, 'db' | 'clock' | 'urls' | 'config'>, student: AuthUser, page: number, limit: number) {
  const [list, { standing }] = await Promise.all([getStudentAttendance(deps, student, page, limit), studentStanding(deps, student)]);
  return { ...list, attendance_rate: standing.rate ?? 0 };
}
