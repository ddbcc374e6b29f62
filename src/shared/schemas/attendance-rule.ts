import { z } from 'zod';
import './error-map';
import { MSG } from '../messages';

const M = MSG.attendanceRule;
export const DEFAULT_REQUIRED_RATE = 75;

/** A real calendar day 'YYYY-MM-DD' (2026-02-30 is refused, not rolled over). */
const ZCalendarDay = z
  .string({ error: M.badDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.badDate)
  .refine((d) => new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), M.badDate);

/** The administrator's rule: settings.setAttendanceRule, stored as the app_settings row attendance_rule. */
export const ZAttendanceRuleInput = z
  .object({
    required_rate: z.number({ error: M.badRate }).int(M.badRate).min(1, M.badRate).max(100, M.badRate),
    semester_start: ZCalendarDay,
    semester_end: ZCalendarDay,
    late_counts_as_present: z.boolean(),
  })
  .refine((r) => r.semester_start <= r.semester_end, { message: M.endBeforeStart, path: ['semester_end'] });
export type TAttendanceRuleInput = z.infer<typeof ZAttendanceRuleInput>;

const ZOptionalDay = z.preprocess((v) => (v === '' || v === null ? undefined : v), ZCalendarDay.optional());
const ZOptionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().positive().optional());

/** The shortfall report's filters (the detail view's department and dates); no dates: the semester. */
export const ZShortfallInput = z
  .object({ department_id: ZOptionalId, start_date: ZOptionalDay, end_date: ZOptionalDay })
  .refine((f) => !f.start_date || !f.end_date || f.start_date <= f.end_date, { message: MSG.admin.filters.endBeforeStart, path: ['end_date'] });
export type TShortfallInput = z.infer<typeof ZShortfallInput>;

export const ZShortfallPageInput = z.intersection(ZShortfallInput, z.object({ page: z.coerce.number().int().min(1).max(1_000_000).default(1) }));
