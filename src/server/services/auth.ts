import { MSG } from '../../shared/messages';
import type { TLoginInput } from '../../shared/schemas/auth';
import { getDummyHash, verifyPassword } from '../auth/password';
import type { AppDeps } from '../deps';
import { DomainError } from '../lib/errors';
import { selectUsersWithDepartment } from './user-queries';

/** Checks the credentials and returns a signed token; failures carry the login error codes of SPEC section 7. */
export async function login(deps: AppDeps, input: TLoginInput, ip: string): Promise<{ token: string }> {
  const { db, loginGuard, tokens, clock } = deps;
  await loginGuard.check(input.email, ip);
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'role', 'status', 'password_hash'])
    .where('email', '=', input.email)
    .executeTakeFirst();
  if (!user) {
    await verifyPassword(await getDummyHash(), input.password);
    await loginGuard.recordFailure(input.email, ip);
    throw new DomainError('NOT_FOUND', MSG.login.emailNotFound, { errorCode: 'EMAIL_NOT_FOUND' });
  }
  if (!(await verifyPassword(user.password_hash, input.password))) {
    await loginGuard.recordFailure(input.email, ip);
    throw new DomainError('UNAUTHORIZED', MSG.login.invalidCredentials, { errorCode: 'INVALID_CREDENTIALS' });
  }
  if (user.status !== 'active') {
    throw new DomainError('FORBIDDEN', MSG.login.pending, { errorCode: 'ACCOUNT_PENDING' });
  }
  await loginGuard.recordSuccess(input.email);
  await db.updateTable('users').set({ last_login: clock.now().toISOString() }).where('id', '=', user.id).execute();
  return { token: await tokens.sign({ user_id: user.id, role: user.role, username: user.username }) };
}

/** The signed-in user's own account, without the password hash. */
export async function getMe(deps: Pick<AppDeps, 'db'>, userId: number) {
  const row = await selectUsersWithDepartment(deps.db)
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new DomainError('NOT_FOUND', MSG.server.notFound);
  const { department_id, department_name, ...user } = row;
  return { ...user, department: department_id ? { id: department_id, name: department_name! } : null };
}
