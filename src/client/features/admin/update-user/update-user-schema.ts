import { z } from 'zod';
import { ZProfileUpdateFields } from '@shared/schemas/admin';

/**
 * The /update-user form's fields: the server's (PUT /api/update/{id}), the admin's twin leave a checkbox here and
 * text on the wire. The photos travel beside them, none or exactly three (services/accounts/account-update.ts); the
 * form holds them in the capture's own list and saves only with a whole set.
 */
export const ZUpdateUserForm = ZProfileUpdateFields.pick({ username: true, phone_number: true }).extend({
  allow_same_face: z.boolean(),
});
export type TUpdateUserForm = z.output<typeof ZUpdateUserForm>;
