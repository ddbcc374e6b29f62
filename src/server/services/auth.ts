import { MSG } from '../../shared/messages';
import type { TLoginInput } from '../../shared/schemas/auth';
import { getDummyHash, verifyPassword } from '../auth/password';
import type { AppDeps } from '../deps';
import { DomainError } from '../lib/errors';
import { revokeTokens } from './users';

/**
 * Checks the credentials and returns a signed token; failures carry the login error codes of SPEC section 7.
 * The attempt is counted before the password is verified and released only when it was right.
 */
export async function login(deps: AppDeps, input: TLoginInput, ip: string): Promise<{ token: string }> {
  const { db, loginGuard, tokens, clock } = deps;
  await loginGuard.reserve(input.email, ip);
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'role', 'status', 'password_hash', 'token_version'])
    .where('email', '=', input.email)
    .executeTakeFirst();
  if (!user) {
    await verifyPassword(await getDummyHash(), input.password);
    throw new DomainError('NOT_FOUND', MSG.login.emailNotFound, { errorCode: 'EMAIL_NOT_FOUND' });
  }
  if (!(await verifyPassword(user.password_hash, input.password))) {
    throw new DomainError('UNAUTHORIZED', MSG.login.invalidCredentials, { errorCode: 'INVALID_CREDENTIALS' });
  }
  await loginGuard.release(input.email, ip);
  if (user.status === 'pending') throw new DomainError('FORBIDDEN', MSG.login.pending, { errorCode: 'ACCOUNT_PENDING' });
  if (user.status !== 'active') throw new DomainError('FORBIDDEN', MSG.login.inactive, { errorCode: 'ACCOUNT_INACTIVE' });
  await db.updateTable('users').set({ last_login: clock.now().toISOString() }).where('id', '=', user.id).execute();
  return { token: await tokens.sign({ user_id: user.id, role: user.role, username: user.username, tv: user.token_version }) };
}

/** Logout: every token of the user stops working (the token version is per user, so other devices sign in again). */
export async function logout(deps: Pick<AppDeps, 'db'>, userId: number) {
  await revokeTokens(deps, userId);
  return { success: true as const, message: MSG.auth.loggedOut };
}
