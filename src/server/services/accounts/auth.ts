import { MSG } from '@shared/messages';
import type { TLoginInput } from '@shared/schemas/accounts/auth';
import { getDummyHash, verifyPassword } from '@server/auth/password';
import type { AppDeps } from '@server/deps';
import { deviceSource } from '@server/infra/login-guard';
import { DomainError } from '@server/lib/errors';
import { rejectionOf } from './student-rejections';
import { revokeTokens } from './users';

/** Who is logging in: the address, and the device cookie the browser sent (if any). */
export interface LoginCaller {
  ip: string;
  deviceCookie?: string;
}

/**
 * Checks the credentials and returns a signed token and the device cookie to set; failures carry the login error
 * codes of SPEC section 7. The attempt is counted before the password is verified and released only when it was
 * right. A browser holding a valid device cookie for this email is counted under its device, not its address: a
 * classmate's wrong passwords behind the same NAT do not hold it back, and its own still do.
 */
export async function login(deps: AppDeps, input: TLoginInput, caller: LoginCaller): Promise<{ token: string; deviceCookie: string }> {
  const { db, loginGuard, tokens, clock, devices } = deps;
  const deviceId = devices.deviceFor(input.email, caller.deviceCookie, clock.now());
  const source = deviceId ? deviceSource(deviceId) : caller.ip;
  await loginGuard.reserve(input.email, source);
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
  // Only the counter this attempt used: a device's login leaves the address's count (an attacker's) as it is.
  await loginGuard.release(input.email, source);
  if (user.status === 'pending') throw new DomainError('FORBIDDEN', MSG.login.pending, { errorCode: 'ACCOUNT_PENDING' });
  if (user.status !== 'active') {
    // Told only after the right password: a stranger who knows the email learns nothing of the reason.
    const rejection = await rejectionOf(db, user.id);
    if (rejection) throw new DomainError('FORBIDDEN', MSG.reject.login(rejection.reason), { errorCode: 'ACCOUNT_REJECTED' });
    throw new DomainError('FORBIDDEN', MSG.login.inactive, { errorCode: 'ACCOUNT_INACTIVE' });
  }
  const now = clock.now();
  await db.updateTable('users').set({ last_login: now.toISOString() }).where('id', '=', user.id).execute();
  const token = await tokens.sign({ user_id: user.id, role: user.role, username: user.username, tv: user.token_version });
  return { token, deviceCookie: devices.issue(input.email, now, deviceId ?? undefined) };
}

/** Logout: every token of the user stops working (the token version is per user, so other devices sign in again). */
export async function logout(deps: Pick<AppDeps, 'db'>, userId: number) {
  await revokeTokens(deps, userId);
  return { success: true as const, message: MSG.auth.loggedOut };
}
