import type { z } from 'zod';
import type { ZRegisterInput } from '../../../shared/schemas/accounts/auth';

/** What the form holds before the schema reads it (the department may still be the placeholder ''). */
export type RegisterFormInput = z.input<typeof ZRegisterInput>;

/** Submit waits until every required field holds something; the schema then says whether it is right. */
export function requiredFieldsFilled(values: Partial<RegisterFormInput>): boolean {
  return [values.username, values.email, values.password, values.department_name].every((v) => !!v && v.trim() !== '');
}
