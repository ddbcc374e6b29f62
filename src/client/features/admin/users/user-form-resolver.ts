import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { type TAdminCreateUser, type TAdminUpdateUser, ZAdminCreateUser, ZAdminUpdateUser } from '@shared/schemas/admin';
import type { AdminUser } from '../admin-types';

/** The admin modal's fields as the inputs hold them. */
export type UserFields = { username: string; email: string; phone_number: string; role: string; status: string; department: string; password: string };

export const fieldsOf = (u: AdminUser | null): UserFields => ({
  username: u?.username ?? '',
  email: u?.email ?? '',
  phone_number: u?.phone_number ?? '',
  role: u?.role ?? 'student',
  status: u?.status === 'inactive' ? 'inactive' : 'active',
  department: u?.department_name ?? '',
  password: '',
});

/** SPEC 5: on edit only what changed is sent (and checked), the password only when one is typed. */
function changesOf(user: AdminUser, values: UserFields): Partial<UserFields> {
  const original = fieldsOf(user);
  const keys = Object.keys(values) as (keyof UserFields)[];
  return Object.fromEntries(keys.filter((k) => (k === 'password' ? values.password.trim() !== '' : values[k] !== original[k])).map((k) => [k, values[k]]));
}

const create = zodResolver(ZAdminCreateUser);
const update = zodResolver(ZAdminUpdateUser);

/**
 * The server's schemas for the modal: ZAdminCreateUser on add, ZAdminUpdateUser over the changed fields on edit.
 * The casts only bridge the inputs' strings to the schemas' input types; the schemas still check every value.
 */
export function userFormResolver(user: AdminUser | null): Resolver<UserFields, unknown, TAdminCreateUser | TAdminUpdateUser> {
  return (values, context, options) =>
    (user ? update(changesOf(user, values) as never, context, options as never) : create(values as never, context, options as never)) as ReturnType<
      Resolver<UserFields, unknown, TAdminCreateUser | TAdminUpdateUser>
    >;
}
