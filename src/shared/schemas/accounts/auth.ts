import { z } from 'zod';
import '../error-map';
import { DEPARTMENTS, PASSWORD_MIN, PHONE_DIGITS, REGISTRABLE_ROLES, USERNAME_MIN } from '@shared/constants';
import { MSG } from '@shared/messages';

export const USERNAME_RE = new RegExp(`^[A-Za-z0-9]{${USERNAME_MIN},}$`);
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_RE = new RegExp(`^\\d{${PHONE_DIGITS}}$`);
export const PASSWORD_SPECIALS = '@$!%*?&.#^()-+=';

/** The five password rules of SPEC section 5, in the order the live list shows them. */
export const PASSWORD_RULES = [
  { key: 'lowercase', test: (p: string) => /[a-z]/.test(p), message: MSG.passwordRules.lowercase },
  { key: 'uppercase', test: (p: string) => /[A-Z]/.test(p), message: MSG.passwordRules.uppercase },
  { key: 'number', test: (p: string) => /\d/.test(p), message: MSG.passwordRules.number },
  { key: 'special', test: (p: string) => [...p].some((c) => PASSWORD_SPECIALS.includes(c)), message: MSG.passwordRules.special },
  { key: 'length', test: (p: string) => p.length >= PASSWORD_MIN, message: MSG.passwordRules.length },
] as const;

export function unmetPasswordRules(password: string): string[] {
  return PASSWORD_RULES.filter((r) => !r.test(password)).map((r) => r.message);
}

/** Strength is the count of met rules (0-5); the label and bar colour follow SPEC section 5. */
export function passwordStrength(password: string) {
  const met = PASSWORD_RULES.filter((r) => r.test(password)).length;
  const percent = (met / PASSWORD_RULES.length) * 100;
  const label = MSG.strengthLabels[Math.max(0, met - 1)];
  const color = percent < 40 ? 'red' : percent < 60 ? 'orange' : percent < 80 ? 'yellow' : 'green';
  return { met, percent, label, color } as const;
}

export const isStrongPassword = (p: string) => unmetPasswordRules(p).length === 0;

export const ZUsername = z.string().trim().regex(USERNAME_RE, MSG.validation.username);
/** RFC 5321 caps an address at 254 characters. */
export const EMAIL_MAX = 254;
export const ZEmail = z
  .string()
  .trim()
  .max(EMAIL_MAX, MSG.validation.emailTooLong)
  .regex(EMAIL_RE, MSG.validation.email)
  .transform((e) => e.toLowerCase());
export const ZPhone = z
  .string()
  .trim()
  .refine((p) => p === '' || PHONE_RE.test(p), MSG.validation.phone);
export const ZPassword = z.string().refine(isStrongPassword, MSG.validation.password);
export const ZDepartmentName = z.enum(DEPARTMENTS, { error: MSG.validation.department });

/** The text fields of POST /api/register; the 3 images travel beside them as multipart files. */
export const ZRegisterInput = z.object({
  username: ZUsername,
  email: ZEmail,
  phone_number: ZPhone.optional().default(''),
  role: z.enum(REGISTRABLE_ROLES, { error: MSG.validation.role }),
  department_name: ZDepartmentName,
  password: ZPassword,
});
export type TRegisterInput = z.infer<typeof ZRegisterInput>;

export const ZLoginInput = z.object({
  email: z
    .string()
    .trim()
    .min(1, MSG.validation.emailRequired)
    .max(EMAIL_MAX, MSG.validation.emailTooLong)
    .transform((e) => e.toLowerCase()),
  password: z.string().min(1, MSG.validation.passwordRequired),
});
export type TLoginInput = z.infer<typeof ZLoginInput>;
