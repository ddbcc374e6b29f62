import { MSG } from '@shared/messages';
import type { TAdminCreateUser, TAdminUpdateUser } from '@shared/schemas/admin';
import type { AuthUser } from '@server/auth/authenticate';
import { hashPassword } from '@server/auth/password';
import type { AppDeps } from '@server/deps';
import type { UserUpdate } from '@server/db/schema';
import { inTransaction } from '@server/db/connect';
import { DomainError } from '@server/lib/errors';
import { waitsForPhotos } from './roster/invitations';
import { createTypedAccount, emailTaken, isEmailTaken, selectUsersWithDepartment } from './users';
import { queueNotice } from '../notices/index';

type Db = Pick<AppDeps, 'db'>;

/** Users as the admin dashboard lists them: never the password hash. */
export async function listUsers(deps: Db, filter: { role?: 'student' | 'teacher' | 'admin' } = {}) {
  let q = selectUsersWithDepartment(deps).orderBy('users.id');
  if (filter.role) q = q.where('users.role', '=', filter.role);
  return q.execute();
}

/** A department given by id or by name; anything else is a validation error. */
export async function resolveDepartment({ db }: Db, ref: number | string): Promise<number> {
  const q = db.selectFrom('departments').select('id');
  const row = await (typeof ref === 'number' || /^\d+$/.test(ref) ? q.where('id', '=', Number(ref)) : q.where('name', '=', ref)).executeTakeFirst();
  if (!row) throw new DomainError('VALIDATION', MSG.admin.unknownDepartment, { fieldErrors: { department: MSG.admin.unknownDepartment } });
  return row.id;
}

export async function createUserByAdmin(deps: Pick<AppDeps, 'db' | 'clock'>, input: TAdminCreateUser) {
  const department_id = await resolveDepartment(deps, input.department);
  const id = await createTypedAccount(deps, { ...input, department_id });
  return { id, message: MSG.admin.userAdded };
}

/**
 * Applies only the fields sent. Activating a pending account is the approval; deactivating, a role or a password
 * change revokes every token the user holds, so their next request is refused.
 */
export async function updateUserByAdmin(deps: Db & Pick<AppDeps, 'clock' | 'config'>, caller: AuthUser, id: number, input: TAdminUpdateUser) {
  const { db } = deps;
  const user = await db
    .selectFrom('users as u')
    .select((eb) => ['id', 'username', 'email', 'role', 'status', waitsForPhotos(eb).as('waits_for_photos')])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!user) throw new DomainError('NOT_FOUND', MSG.admin.userNotFound);
  // An imported student activates by enrolling their photos from the invitation: switched on before, they would count
  // in standings and attendance with no face to check.
  if (input.status === 'active' && user.status !== 'active' && user.waits_for_photos) {
    throw new DomainError('CONFLICT', MSG.invitations.activateWaiting, {
      errorCode: 'waits_for_photos',
      fieldErrors: { status: MSG.invitations.activateWaiting },
    });
  }
  if (id === caller.id && ((input.role && input.role !== user.role) || (input.status && input.status !== user.status))) {
    throw new DomainError('CONFLICT', MSG.admin.notSelf);
  }
  if (user.role === 'admin' && input.role) throw new DomainError('CONFLICT', MSG.admin.notSelf);
  const set: UserUpdate = {};
  if (input.username !== undefined) set.username = input.username;
  if (input.phone_number !== undefined) set.phone_number = input.phone_number || null;
  if (input.email !== undefined && input.email !== user.email) {
    if (await isEmailTaken(deps, input.email)) throw emailTaken();
    set.email = input.email;
  }
  if (input.role !== undefined) set.role = input.role;
  if (input.status !== undefined) set.status = input.status;
  // Activating a pending account is its approval: the attendance rule counts from it (issue 24).
  if (input.status === 'active' && user.status === 'pending') set.activated_at = deps.clock.now().toISOString();
  if (input.department !== undefined) set.department_id = await resolveDepartment(deps, input.department);
  if (input.password !== undefined) set.password_hash = await hashPassword(input.password);
  const revoke =
    (input.status === 'inactive' && user.status !== 'inactive') || (input.role !== undefined && input.role !== user.role) || input.password !== undefined;
  // A rejection explains one inactive spell: once the account leaves it, a later deactivation is not a rejection.
  const endsRejection = input.status !== undefined && input.status !== 'inactive' && user.status === 'inactive';
  if (Object.keys(set).length) {
    await inTransaction(db, async (trx) => {
      await trx
        .updateTable('users')
        .set((eb) => ({ ...set, ...(revoke ? { token_version: eb('token_version', '+', 1) } : {}) }))
        .where('id', '=', id)
        .execute();
      if (endsRejection) await trx.deleteFrom('student_rejections').where('user_id', '=', id).execute();
      if (set.activated_at) await queueNotice(deps, trx, id, { kind: 'registration_approved', username: set.username ?? user.username });
    });
  }
  return { id, message: MSG.admin.userUpdated, changed: Object.keys(set) };
}
