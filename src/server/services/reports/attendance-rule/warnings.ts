import { isBelowRule } from '@shared/attendance/attendance-standing';
import type { NoticeParams } from '@shared/notices/notice-kinds';
import { DEFAULT_ABSENCES_IN_A_ROW, ZAbsenceWarningInput } from '@shared/schemas/notices';
import type { AppDeps } from '@server/deps';
import { readSetting, settingValue, writeSetting } from '@server/services/attendance/index';
import { queueNotice } from '@server/services/notices/index';
import { departmentStandings } from './department-standings';
import { periodOf, ruleInForce } from './rule-settings';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'reports' | 'config'>;
const KEY = 'absence_warning';
/** Ended sessions a run checks: a run stays short; the rest wait for the next tick. */
const SESSIONS_A_RUN = 20;

/** Absences in a row before a warning (0: off): the stored setting, else DEFAULT_ABSENCES_IN_A_ROW. */
export async function absencesInARow(deps: Pick<AppDeps, 'db'>): Promise<number> {
  const stored = ZAbsenceWarningInput.safeParse(await settingValue(deps, KEY));
  return stored.success ? stored.data.absences_in_a_row : DEFAULT_ABSENCES_IN_A_ROW;
}

export async function absenceWarningForAdmin(deps: Pick<AppDeps, 'db'>) {
  const stored = await readSetting(deps, KEY);
  return { absences_in_a_row: await absencesInARow(deps), updated_at: stored?.updated_at ?? null, updated_by: stored?.updated_by ?? null };
}

export async function setAbsenceWarning(deps: Pick<AppDeps, 'db' | 'clock'>, admin: { id: number }, absences_in_a_row: number) {
  await writeSetting(deps, KEY, { absences_in_a_row }, admin, deps.clock.now());
  return absenceWarningForAdmin(deps);
}

/**
 * Each active student's absences in a row, ending at the department's latest ended session: absent marks counted
 * back from it, an excused session passed over (leave is no absence, and no attendance either), anything else or the
 * student's activation ending the run. Only the last `limit` absences matter, so only the last sessions are read.
 */
async function absenceRuns(deps: Pick<AppDeps, 'db'>, departmentId: number, from: string, limit: number) {
  const sessions = await deps.db
    .selectFrom('geofence_sessions')
    .select('id')
    .where('department_id', '=', departmentId)
    .where('ended_at', 'is not', null)
    .where('started_at', '>=', from)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit * 2 + 10)
    .execute();
  const runs = new Map<number, number>();
  if (!sessions.length) return runs;
  const records = await deps.db
    .selectFrom('attendance_records')
    .select(['session_id', 'student_id', 'status'])
    .where(
      'session_id',
      'in',
      sessions.map((s) => s.id),
    )
    .execute();
  const bySession = new Map<number, Map<number, string>>();
  for (const r of records) {
    const m = bySession.get(r.session_id) ?? new Map<number, string>();
    m.set(r.student_id, r.status);
    bySession.set(r.session_id, m);
  }
  const ended = new Set<number>();
  for (const s of sessions) {
    for (const [student, status] of bySession.get(s.id) ?? []) {
      if (ended.has(student)) continue;
      if (status === 'absent') runs.set(student, (runs.get(student) ?? 0) + 1);
      else if (status !== 'excused') ended.add(student);
    }
    // A student with no record in a session was not yet active then: their run ends there.
    for (const student of runs.keys()) if (!bySession.get(s.id)?.has(student)) ended.add(student);
  }
  return runs;
}

/**
 * After one ended session: each active student of its department below the attendance rule, or absent
 * `absencesInARow` sessions in a row, is warned once a crossing (notice_warning_states keeps the warnings whose
 * condition still holds, and loses them when it ends). The session is claimed by a conditional update in the same
 * transaction as the warnings, so of every node's runs exactly one checks it. Returns the warnings sent.
 */
async function warnAfterSession(deps: Deps, session: { id: number; department_id: number }) {
  const rule = await ruleInForce(deps);
  const period = periodOf(rule.semester_start, rule.semester_end);
  const n = await absencesInARow(deps);
  const { rows } = await departmentStandings(deps, { department_id: session.department_id, ...period }, rule);
  const runs = n ? await absenceRuns(deps, session.department_id, period.from, n) : new Map<number, number>();
  const now = deps.clock.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('geofence_sessions')
      .set({ warnings_checked_at: now })
      .where('id', '=', session.id)
      .where('warnings_checked_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1 || !rows.length) return 0;
    let sent = 0;
    const held = await trx
      .selectFrom('notice_warning_states')
      .select(['student_id', 'kind'])
      .where(
        'student_id',
        'in',
        rows.map((r) => r.student_id),
      )
      .execute();
    const has = new Set(held.map((h) => `${h.student_id}:${h.kind}`));
    const settle = async (studentId: number, kind: 'below_rule' | 'absent_streak', holds: boolean, params: () => NoticeParams) => {
      if (!holds) {
        if (has.has(`${studentId}:${kind}`))
          await trx.deleteFrom('notice_warning_states').where('student_id', '=', studentId).where('kind', '=', kind).execute();
        return;
      }
      if (has.has(`${studentId}:${kind}`)) return;
      const added = await trx
        .insertInto('notice_warning_states')
        .values({ student_id: studentId, kind, since: now })
        .onConflict((oc) => oc.columns(['student_id', 'kind']).doNothing())
        .executeTakeFirst();
      if (Number(added.numInsertedOrUpdatedRows ?? 0) !== 1) return;
      await queueNotice(deps, trx, studentId, params());
      sent++;
    };
    for (const r of rows) {
      await settle(r.student_id, 'below_rule', isBelowRule(r), () => ({
        kind: 'below_rule',
        student_name: r.username,
        rate: r.rate ?? 0,
        required_rate: r.required_rate,
        needed_to_recover: r.needed_to_recover,
      }));
      const run = runs.get(r.student_id) ?? 0;
      await settle(r.student_id, 'absent_streak', n > 0 && run >= n, () => ({ kind: 'absent_streak', student_name: r.username, count: run }));
    }
    return sent;
  });
}

/** The warnings after every session ended since the last run (by Stop or by expiry, on any node). Returns the warnings sent. */
export async function warnAfterEndedSessions(deps: Deps) {
  const pending = await deps.db
    .selectFrom('geofence_sessions')
    .select(['id', 'department_id'])
    .where('ended_at', 'is not', null)
    .where('warnings_checked_at', 'is', null)
    .orderBy('ended_at')
    .orderBy('id')
    .limit(SESSIONS_A_RUN)
    .execute();
  let sent = 0;
  for (const s of pending) sent += await warnAfterSession(deps, s);
  return sent;
}
