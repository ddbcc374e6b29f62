import { DEFAULT_REQUIRED_RATE, type TAttendanceRuleInput, ZAttendanceRuleInput } from '@shared/schemas/attendance-rule';
import { kolkataDayEnd, kolkataDayStart } from '@shared/kolkata-time';
import type { AppDeps } from '@server/deps';
import { readSetting, settingValue, writeSetting } from '@server/services/attendance/index';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
const KEY = 'attendance_rule';

export type AttendanceRule = TAttendanceRuleInput;

/** The Kolkata half-year containing `now` (January to June, July to December): the semester until an administrator sets one. */
export function defaultSemester(now: Date): { semester_start: string; semester_end: string } {
  const kolkata = new Date(now.getTime() + 330 * 60_000);
  const year = kolkata.getUTCFullYear();
  return kolkata.getUTCMonth() < 6
    ? { semester_start: `${year}-01-01`, semester_end: `${year}-06-30` }
    : { semester_start: `${year}-07-01`, semester_end: `${year}-12-31` };
}

/** The rule in force: the stored one, else 75%, the current half-year and late counted as present. */
export async function ruleInForce(deps: Deps): Promise<AttendanceRule> {
  const stored = ZAttendanceRuleInput.safeParse(await settingValue(deps, KEY));
  if (stored.success) return stored.data;
  return { required_rate: DEFAULT_REQUIRED_RATE, late_counts_as_present: true, ...defaultSemester(deps.clock.now()) };
}

/** A period of Kolkata days as instants: [from, to). */
export const periodOf = (startDay: string, endDay: string) => ({ from: kolkataDayStart(startDay), to: kolkataDayEnd(endDay) });

/** The admin card's view: the rule in force and who changed it last. */
export async function attendanceRuleForAdmin(deps: Deps) {
  const stored = await readSetting(deps, KEY);
  return { ...(await ruleInForce(deps)), updated_at: stored?.updated_at ?? null, updated_by: stored?.updated_by ?? null };
}

export async function setAttendanceRule(deps: Deps, admin: { id: number }, rule: AttendanceRule) {
  await writeSetting(deps, KEY, rule, admin, deps.clock.now());
  return attendanceRuleForAdmin(deps);
}
