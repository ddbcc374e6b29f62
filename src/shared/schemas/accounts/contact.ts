import { z } from 'zod';
import '../error-map';
import { MSG } from '@shared/messages';
import { EMAIL_MAX, EMAIL_RE } from './auth';

export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MAX = 2000;

/** The public contact form: bounded, so the table cannot be filled with megabytes from the open internet. */
export const ZContactMessageInput = z.object({
  name: z.string({ error: MSG.contact.nameRequired }).trim().min(1, MSG.contact.nameRequired).max(CONTACT_NAME_MAX, MSG.contact.nameRequired),
  email: z.string({ error: MSG.validation.email }).trim().max(EMAIL_MAX, MSG.validation.email).regex(EMAIL_RE, MSG.validation.email),
  message: z.string({ error: MSG.contact.messageRequired }).trim().min(1, MSG.contact.messageRequired).max(CONTACT_MESSAGE_MAX, MSG.contact.messageRequired),
});
export type TContactMessageInput = z.infer<typeof ZContactMessageInput>;
