import { z } from 'zod';
import { ROLL_NUMBER_MAX } from '@shared/constants';
import { MSG } from '@shared/messages';
import { EMAIL_MAX, EMAIL_RE, USERNAME_RE, ZPassword } from './auth';

/** A roll number as schools write them: letters, digits, '-' and '/'. */
export const ROLL_NUMBER_RE = new RegExp(`^[A-Za-z0-9/-]{1,${ROLL_NUMBER_MAX}}$`);

/**
 * The username an imported student's account gets from the person's name on the roster ("José Núñez" -> "JoseNunez"):
 * accented letters folded to their ASCII letter, every other character that is not a letter or digit dropped, so it
 * keeps the registration's username rule (USERNAME_RE) whenever enough of the name is left.
 */
export const usernameFromName = (name: string) => name.normalize('NFKD').replace(/[^A-Za-z0-9]/g, '');

/** Whether a username made by usernameFromName is one the registration accepts (long enough). */
export const isUsableUsername = (username: string) => USERNAME_RE.test(username);

/**
 * One row of a roster CSV as the preview reads it: each field's own message, so a row lists all its errors at once.
 * The name is the person's as the school writes it; the account's username is made from it (usernameFromName).
 */
export const ZRosterRow = z.object({
  name: z.string().trim().min(1, MSG.roster.missingName),
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
