import type { ZodError } from 'zod';
import type { Role } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { ZDepartmentName, ZEmail, ZPassword, ZUsername } from '../../shared/schemas/auth';
import { hashPassword } from '../auth/password';
import type { DB } from '../db/connect';
import { DomainError } from '../lib/errors';
import { findDepartmentByName } from './departments';

export async function isEmailTaken(db: DB, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return Boolean(row);
}

/** Throws a VALIDATION error carrying the first message (what a form shows) and every field's message. */
export function zodToDomainError(error: ZodError): never {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) fieldErrors[String(issue.path[0] ?? 'form')] ??= issue.message;
  throw new DomainError('VALIDATION', error.issues[0]?.message ?? MSG.server.validation, { fieldErrors });
}

/** Creates an already-active user (first admin, scripted accounts); refuses weak passwords and taken emails. */
export async function createActiveUser(
  db: DB,
  args: { role: Role; email: string; password: string; username?: string; department?: string },
  now: Date,
) {
  const email = ZEmail.safeParse(args.email);
  if (!email.success) zodToDomainError(email.error);
  const password = ZPassword.safeParse(args.password);
  if (!password.success) zodToDomainError(password.error);
  const derived = email.data.split('@')[0].replace(/[^A-Za-z0-9]/g, '').padEnd(3, '0');
  const username = ZUsername.safeParse(args.username ?? derived);
  if (!username.success) zodToDomainError(username.error);
  let departmentId: number | null = null;
  if (args.department) {
    const name = ZDepartmentName.safeParse(args.department);
    if (!name.success) zodToDomainError(name.error);
    departmentId = (await findDepartmentByName(db, name.data))!.id;
  }
  if (await isEmailTaken(db, email.data)) throw new DomainError('CONFLICT', MSG.register.emailTaken);
  return db
    .insertInto('users')
    .values({
      username: username.data,
      email: email.data,
      password_hash: await hashPassword(password.data),
      role: args.role,
      status: 'active',
      department_id: departmentId,
      created_at: now.toISOString(),
    })
    .returning(['id', 'username', 'email', 'role'])
    .executeTakeFirstOrThrow();
}
