import { z } from 'zod';
import './error-map';
import { MSG } from '../messages';

export const DEFAULT_REQUIRED_RATE = 75;

/** A real calendar day 'YYYY-MM-DD' (2026-02-30 is refused, not rolled over). */
const ZCalendarDay = z
  .string({ error: MSG.attendanceRule.badDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.attendanceRule.badDate)
  .refine((d) => new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), MSG.attendanceRule.badDate);

/** The administrator's rule: settings.setAttendanceRule, stored as the app_settings row attendance_rule. */
export const ZAttendanceRuleInput = z
  .object({
    required_rate: z
      .number({ error: MSG.attendanceRule.badRate })
      .int(MSG.attendanceRule.badRate)
      .min(1, MSG.attendanceRule.badRate)
      .max(100, MSG.attendanceRule.badRate),
    semester_start: ZCalendarDay,
    semester_end: ZCalendarDay,
    late_counts_as_present: z.boolean(),
  })
  .refine((r) => r.semester_start <= r.semester_end, { message: MSG.attendanceRule.endBeforeStart, path: ['semester_end'] });
export type TAttendanceRuleInput = z.infer<typeof ZAttendanceRuleInput>;

const ZOptionalDay = z.preprocess((v) => (v === '' || v === null ? undefined : v), ZCalendarDay.optional());
const ZOptionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().positive().optional());

/** The shortfall report's filters (the detail view's department and dates); no dates: the semester. */
export const ZShortfallInput = z
  .object({ department_id: ZOptionalId, start_date: ZOptionalDay, end_date: ZOptionalDay })
  .refine((f) => !f.start_date || !f.end_date || f.start_date <= f.end_date, { message: MSG.admin.filters.endBeforeStart, path: ['end_date'] });
export type TShortfallInput = z.infer<typeof ZShortfallInput>;

export const ZShortfallPageInput = z.intersection(ZShortfallInput, z.object({ page: z.coerce.number().int().min(1).max(1_000_000).default(1) }));
