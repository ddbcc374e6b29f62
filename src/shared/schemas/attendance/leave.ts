import { z } from 'zod';
import '../error-map';
import { MSG } from '@shared/messages';

export const LEAVE_REASON_MAX = 500;
export const LEAVE_NOTE_MAX = 300;
/** The longest leave one request covers, in calendar days: longer absences go through the office. */
export const LEAVE_MAX_DAYS = 31;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
/** A real calendar day as YYYY-MM-DD (2026-02-30 is refused). */
const ZLeaveDay = z
  .string({ error: MSG.leave.badDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, MSG.leave.badDate)
  .refine((d) => !Number.isNaN(dayNumber(d)) && new Date(dayNumber(d) * DAY_MS).toISOString().startsWith(d), MSG.leave.badDate);
const ZPositiveId = z.union([
  z.number().int().positive(),
  z
    .string()
    .regex(/^[1-9]\d{0,15}$/)
    .transform(Number),
]);

const ZLeaveReason = z
  .string({ error: MSG.leave.reasonRequired })
  .trim()
  .min(3, MSG.leave.reasonRequired)
  .max(LEAVE_REASON_MAX, MSG.leave.reasonTooLong(LEAVE_REASON_MAX));

/** A student's leave request (the text fields of the multipart form; the document image travels beside them). */
export const ZLeaveRequestFields = z
  .object({
    from_date: ZLeaveDay,
    to_date: ZLeaveDay,
    reason: ZLeaveReason,
  })
  .refine((f) => f.from_date <= f.to_date, { message: MSG.leave.endBeforeStart, path: ['to_date'] })
  .refine((f) => dayNumber(f.to_date) - dayNumber(f.from_date) < LEAVE_MAX_DAYS, { message: MSG.leave.tooLong(LEAVE_MAX_DAYS), path: ['to_date'] });
export type TLeaveRequestFields = z.infer<typeof ZLeaveRequestFields>;

/**
 * The student's form over the same rules: an empty From asks for a day rather than for a format, an empty To means
 * a one-day leave, and the day and reason are checked together so an empty form names both at once.
 */
export const ZLeaveRequestForm = z
  .object({
    from_date: z.string().min(1, MSG.leave.fromRequired).pipe(ZLeaveDay),
    to_date: z.string(),
    reason: ZLeaveReason,
  })
  .transform((f) => ({ ...f, to_date: f.to_date || f.from_date }))
  .pipe(ZLeaveRequestFields);
export type TLeaveRequestForm = z.input<typeof ZLeaveRequestForm>;

/** A teacher's or admin's decision on a pending leave request; the student reads the note. */
export const ZDecideLeaveInput = z.object({
  request_id: ZPositiveId,
  decision: z.enum(['approve', 'decline']),
  note: z
    .string()
    .trim()
    .max(LEAVE_NOTE_MAX, MSG.leave.noteTooLong(LEAVE_NOTE_MAX))
    .optional()
    .transform((n) => n || null),
});
export type TDecideLeaveInput = z.input<typeof ZDecideLeaveInput>;

/** A student taking back one of their own pending leave requests. */
export const ZWithdrawLeaveInput = z.object({ request_id: ZPositiveId });
export type TWithdrawLeaveInput = z.input<typeof ZWithdrawLeaveInput>;
