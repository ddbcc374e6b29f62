import { z } from 'zod';
import './error-map';
import { ABSENCE_STREAK_MAX } from '../constants';
import { MSG } from '../messages';
import { ZEmail } from './accounts/auth';
import { ZUserId } from './admin';

/** Absences in a row before a student is warned, until an administrator sets it. */
export const DEFAULT_ABSENCES_IN_A_ROW = 3;

/** settings.setAbsenceWarning: absences in a row before a warning; 0 turns that warning off. */
export const ZAbsenceWarningInput = z.object({
  absences_in_a_row: z.coerce
    .number({ error: MSG.notices.absenceWarning.hint })
    .int(MSG.notices.absenceWarning.hint)
    .min(0, MSG.notices.absenceWarning.hint)
    .max(ABSENCE_STREAK_MAX, MSG.notices.absenceWarning.hint),
});
export type TAbsenceWarningInput = z.input<typeof ZAbsenceWarningInput>;

/** notices.markRead: the user's own notices by id, or all of them. */
export const ZMarkNoticesRead = z.object({ ids: z.union([z.array(z.number().int().positive()).max(100), z.literal('all')]) });

/** teacher.setGuardianEmail and admin.setGuardianEmail: a student's guardian address; blank removes it. */
export const ZGuardianEmailInput = z.object({
  student_id: ZUserId,
  guardian_email: z.union([z.literal('').transform(() => null), ZEmail]),
});
export type TGuardianEmailInput = z.input<typeof ZGuardianEmailInput>;
