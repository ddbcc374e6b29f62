import { z } from 'zod';
import { ROLL_NUMBER_MAX } from '@shared/constants';
import { MSG } from '@shared/messages';
import { EMAIL_MAX, EMAIL_RE, USERNAME_RE, ZPassword } from './auth';

/** A roll number as schools write them: letters, digits, '-' and '/'. */
export const ROLL_NUMBER_RE = new RegExp(`^[A-Za-z0-9/-]{1,${ROLL_NUMBER_MAX}}$`);

/**
 * One row of a roster CSV as the preview reads it: each field's own message, so a row lists all its errors at once
 * (the name is a username: the same rule as at registration, so the account can later be edited like any other).
 */
export const ZRosterRow = z.object({
  name: z.string().trim().min(1, MSG.roster.missingName).regex(USERNAME_RE, MSG.roster.badName),
  email: z
    .string()
    .trim()
    .min(1, MSG.roster.missingEmail)
    .max(EMAIL_MAX, MSG.roster.badEmail)
    .regex(EMAIL_RE, MSG.roster.badEmail)
    .transform((e) => e.toLowerCase()),
  roll_number: z
    .string()
    .trim()
    .refine((r) => r === '' || ROLL_NUMBER_RE.test(r), MSG.roster.badRollNumber)
    .transform((r) => r || null),
  department: z.string().trim(),
});
export type TRosterRow = z.output<typeof ZRosterRow>;

/** teacher.renewInvitation and POST /api/roster/invitations/:user_id/renew. */
export const ZRenewInvitationInput = z.object({ user_id: z.coerce.number().int().positive() });

/** An invitation link's token: 32 random bytes, base64url. */
export const ZInvitationToken = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, MSG.invitations.invalid) });

/** The text field beside the three photos when a student completes registration from an invitation. */
export const ZInvitationRegisterFields = z.object({ password: ZPassword });
export type TInvitationRegisterFields = z.infer<typeof ZInvitationRegisterFields>;
