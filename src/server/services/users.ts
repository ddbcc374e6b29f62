import type { Role } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { ZDepartmentName, ZEmail, ZPassword, ZUsername } from '../../shared/schemas/auth';
import { hashPassword } from '../auth/password';
import type { DB } from '../db/connect';
import { DomainError, parseInput } from '../lib/errors';
import { findDepartmentByName } from './departments';

export async function isEmailTaken(db: DB, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return Boolean(row);
}

/** Creates an already-active user (first admin, scripted accounts); refuses weak passwords and taken emails. */
export async function createActiveUser(
  db: DB,
  args: { role: Role; email: string; password: string; username?: string; department?: string },
  now: Date,
) {
  const email = parseInput(ZEmail, args.email);
  const password = parseInput(ZPassword, args.password);
  const username = parseInput(ZUsername, args.username ?? email.split('@')[0].replace(/[^A-Za-z0-9]/g, '').padEnd(3, '0'));
  const department = args.department ? await findDepartmentByName(db, parseInput(ZDepartmentName, args.department)) : undefined;
  if (await isEmailTaken(db, email)) throw new DomainError('CONFLICT', MSG.register.emailTaken);
  return db
    .insertInto('users')
    .values({
      username,
      email,
      password_hash: await hashPassword(password),
      role: args.role,
      status: 'active',
      department_id: department?.id ?? null,
      created_at: now.toISOString(),
    })
    .returning(['id', 'username', 'email', 'role'])
    .executeTakeFirstOrThrow();
}

/** Rows per INSERT: 500 users x 7 columns stays far below SQLite's 32,766 bound parameters. */
const USER_BATCH = 500;

/**
 * Creates many active users sharing one precomputed password hash (the seed: an argon2id hash costs ~0.1 s of a
 * core, so 2,000 users each hashing their own password would take minutes). Every email and username is checked as
 * createActiveUser checks it; a taken email refuses the whole call. Run it in a transaction: all rows or none.
 * Returns the new ids in input order.
 */
export async function createActiveUsersWithHash(
  db: DB,
  users: { role: Role; email: string; username: string; department_id: number | null }[],
  passwordHash: string,
  now: Date,
): Promise<number[]> {
  const rows = users.map((u) => ({
    username: parseInput(ZUsername, u.username),
    email: parseInput(ZEmail, u.email),
    password_hash: passwordHash,
    role: u.role,
    status: 'active' as const,
    department_id: u.department_id,
    created_at: now.toISOString(),
  }));
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += USER_BATCH) {
    const batch = rows.slice(i, i + USER_BATCH);
    const taken = await db.selectFrom('users').select('email').where('email', 'in', batch.map((r) => r.email)).executeTakeFirst();
    if (taken) throw new DomainError('CONFLICT', MSG.register.emailTaken);
    const inserted = await db.insertInto('users').values(batch).returning(['id', 'email']).execute();
    const idOf = new Map(inserted.map((r) => [r.email, r.id]));
    for (const r of batch) ids.push(idOf.get(r.email)!);
  }
  return ids;
}

/** Revokes every token the user holds: the next request with any of them is refused as unauthenticated. */
export async function revokeTokens(db: DB, userId: number): Promise<void> {
  await db.updateTable('users').set((eb) => ({ token_version: eb('token_version', '+', 1) })).where('id', '=', userId).execute();
}

/** Sets a new (strong) password; every token signed before it stops working. */
export async function changePassword(db: DB, userId: number, newPassword: string): Promise<void> {
  const password_hash = await hashPassword(parseInput(ZPassword, newPassword));
  await db.updateTable('users').set((eb) => ({ password_hash, token_version: eb('token_version', '+', 1) })).where('id', '=', userId).execute();
}

/** Deactivates an account: it cannot log in, its tokens and the signed URLs of its face images stop working. */
export async function deactivateUser(db: DB, userId: number): Promise<void> {
  await db.updateTable('users').set((eb) => ({ status: 'inactive', token_version: eb('token_version', '+', 1) })).where('id', '=', userId).execute();
}
