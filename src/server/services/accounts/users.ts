import type { Role, UserStatus } from '@shared/constants';
import { MSG } from '@shared/messages';
import { ZDepartmentName, ZEmail, ZPassword, ZUsername } from '@shared/schemas/accounts/auth';
import type { AuthUser } from '@server/auth/authenticate';
import { hashPassword } from '@server/auth/password';
import type { AppDeps } from '@server/deps';
import { uniqueViolationAs } from '@server/db/dialect';
import { DomainError, parseInput } from '@server/lib/errors';
import { findDepartmentByName } from './departments';
import { enrolledImagesOf } from '../faces/index';

type Db = Pick<AppDeps, 'db'>;

/** Users with their department, as every account view shows them: the password hash is never selected. */
export const selectUsersWithDepartment = ({ db }: Db) =>
  db
    .selectFrom('users')
    .leftJoin('departments', 'departments.id', 'users.department_id')
    .select([
      'users.id',
      'users.username',
      'users.email',
      'users.phone_number',
      'users.role',
      'users.status',
      'users.last_login',
      'users.created_at',
      'departments.id as department_id',
      'departments.name as department_name',
    ]);

/** A row of selectUsersWithDepartment with its department as one object, or null for a user without one. */
function withDepartment<T extends { department_id: number | null; department_name: string | null }>({ department_id, department_name, ...user }: T) {
  return { ...user, department: department_id ? { id: department_id, name: department_name! } : null };
}

export async function isEmailTaken({ db }: Db, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return Boolean(row);
}

/** A taken email as the account forms show it: a 409 with the message on the email field. */
export const emailTaken = () => new DomainError('CONFLICT', MSG.register.emailTaken, { fieldErrors: { email: MSG.register.emailTaken } });

/** An account a staff member types in: the admin's Add User, a teacher's Add Student. */
export interface TypedAccount {
  username: string;
  email: string;
  phone_number?: string;
  password: string;
  role: Role;
  status: UserStatus;
  department_id: number;
}

/**
 * Creates an account a staff member typed in and returns its id. A taken email is refused as emailTaken, whether it
 * is found first or, when two adds of one email run at once, the unique index refuses the second.
 */
export async function createTypedAccount(deps: Pick<AppDeps, 'db' | 'clock'>, account: TypedAccount): Promise<number> {
  if (await isEmailTaken(deps, account.email)) throw emailTaken();
  const row = await deps.db
    .insertInto('users')
    .values({
      username: account.username,
      email: account.email,
      phone_number: account.phone_number || null,
      password_hash: await hashPassword(account.password),
      role: account.role,
      status: account.status,
      department_id: account.department_id,
      created_at: deps.clock.now().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .catch(uniqueViolationAs(emailTaken));
  return row.id;
}

/** Creates an already-active user (first admin, scripted accounts); refuses weak passwords and taken emails. */
export async function createActiveUser(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  args: { role: Role; email: string; password: string; username?: string; department?: string },
) {
  const { db } = deps;
  const email = parseInput(ZEmail, args.email);
  const password = parseInput(ZPassword, args.password);
  const username = parseInput(
    ZUsername,
    args.username ??
      email
        .split('@')[0]
        .replace(/[^A-Za-z0-9]/g, '')
        .padEnd(3, '0'),
  );
  const department = args.department ? await findDepartmentByName(deps, parseInput(ZDepartmentName, args.department)) : undefined;
  if (await isEmailTaken(deps, email)) throw new DomainError('CONFLICT', MSG.register.emailTaken);
  return db
    .insertInto('users')
    .values({
      username,
      email,
      password_hash: await hashPassword(password),
      role: args.role,
      status: 'active',
      department_id: department?.id ?? null,
      created_at: deps.clock.now().toISOString(),
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
  { db }: Db,
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
    const taken = await db
      .selectFrom('users')
      .select('email')
      .where(
        'email',
        'in',
        batch.map((r) => r.email),
      )
      .executeTakeFirst();
    if (taken) throw new DomainError('CONFLICT', MSG.register.emailTaken);
    const inserted = await db.insertInto('users').values(batch).returning(['id', 'email']).execute();
    const idOf = new Map(inserted.map((r) => [r.email, r.id]));
    for (const r of batch) ids.push(idOf.get(r.email)!);
  }
  return ids;
}

/** Revokes every token the user holds: the next request with any of them is refused as unauthenticated. */
export async function revokeTokens({ db }: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}

/** Sets a new (strong) password; every token signed before it stops working. */
export async function changePassword({ db }: Db, userId: number, newPassword: string): Promise<void> {
  const password_hash = await hashPassword(parseInput(ZPassword, newPassword));
  await db
    .updateTable('users')
    .set((eb) => ({ password_hash, token_version: eb('token_version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}

/** Deactivates an account: it cannot log in, its tokens and the signed URLs of its face images stop working. */
export async function deactivateUser({ db }: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ status: 'inactive', token_version: eb('token_version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}

/** The signed-in user's own account, without the password hash. */
export async function getMe(deps: Db, userId: number) {
  const row = await selectUsersWithDepartment(deps).where('users.id', '=', userId).executeTakeFirst();
  if (!row) throw new DomainError('NOT_FOUND', MSG.server.notFound);
  return withDepartment(row);
}

/** The teacher profile of SPEC section 3. */
export async function getTeacherProfile(deps: Db, teacher: AuthUser) {
  const row = await selectUsersWithDepartment(deps).where('users.id', '=', teacher.id).executeTakeFirstOrThrow();
  const { id, username, email, role, department } = withDepartment(row);
  return { id, username, email, role, department };
}

/** The student profile of SPEC section 3, with signed URLs of the enrolled images. */
export async function getStudentProfile(deps: Pick<AppDeps, 'db' | 'clock' | 'urls' | 'config'>, student: AuthUser) {
  const row = await selectUsersWithDepartment(deps).where('users.id', '=', student.id).executeTakeFirst();
  if (!row) throw new DomainError('NOT_FOUND', MSG.student.fetchFailed);
  // SPEC 3 names the department only, and has no creation date.
  const { created_at: _, department_id: __, department_name, ...user } = row;
  const images = await enrolledImagesOf(deps, student.id);
  return { ...user, department: department_name, face_enrollment: { enrollment_status: images.image_urls.length ? 'enrolled' : 'not_enrolled', ...images } };
}
