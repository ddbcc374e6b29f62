import type { z } from 'zod';
import type { DepartmentName } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { ZEmail, ZPassword, ZPhone, ZUsername } from '../../../shared/schemas/auth';

export interface RegisterFormValues {
  username: string;
  email: string;
  phone_number: string;
  password: string;
  role: 'student' | 'teacher';
  department_name: DepartmentName | '';
}

/** Turns a shared zod rule into a react-hook-form validator with the SPEC 5 message. */
function rule(schema: z.ZodType, message: string) {
  return (value: string) => schema.safeParse(value).success || message;
}

/** One validator per field; the rules and texts live in src/shared so the server checks the very same. */
export const registerValidators = {
  username: rule(ZUsername, MSG.validation.username),
  email: rule(ZEmail, MSG.validation.email),
  phone_number: rule(ZPhone, MSG.validation.phone),
  password: rule(ZPassword, MSG.validation.password),
  department_name: (value: string) => value !== '' || MSG.validation.department,
} as const;

export function requiredFieldsFilled(values: Partial<RegisterFormValues>): boolean {
  return [values.username, values.email, values.password, values.department_name].every((v) => !!v && v.trim() !== '');
}
