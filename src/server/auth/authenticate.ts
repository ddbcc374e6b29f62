import type { ExpressionBuilder } from 'kysely';
import type { Role, UserStatus } from '@shared/constants';
import type { Database } from '../db/schema';
import type { AppDeps } from '../deps';
import type { VerifiedToken } from './tokens';

export interface AuthUser {
  id: number;
  username: string;
  role: Role;
  status: UserStatus;
  department_id: number | null;
  /** The login this request comes from (tokens.ts VerifiedToken.token_id): a face proof is bound to it. */
  token_id: string;
}

/** The verified payload of a bearer header (signature and expiry only, no database), or null. */
async function bearerPayload(deps: Pick<AppDeps, 'tokens'>, header: string | undefined): Promise<VerifiedToken | null> {
  const token = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  if (!token) return null;
  return deps.tokens.verify(token);
}

/**
 * The token's user if it may act: a deleted or inactive user is refused, and so is a token signed before the user's
 * last logout, password change or deactivation (its version is older than the row's). The one rule for a token
 * on either door (REST and tRPC).
 */
function liveUser(payload: VerifiedToken, row: (Omit<AuthUser, 'token_id'> & { token_version: number }) | undefined): AuthUser | null {
  if (row?.status !== 'active') return null;
  if ((payload.tv ?? 0) !== row.token_version) return null;
  return { id: row.id, username: row.username, role: row.role, status: row.status, department_id: row.department_id, token_id: payload.token_id };
}

/** Resolves a bearer header to a live, active user; a valid token of a deleted or inactive user, or a revoked one, is refused. */
export async function authenticate(deps: Pick<AppDeps, 'db' | 'tokens'>, header: string | undefined): Promise<AuthUser | null> {
  const payload = await bearerPayload(deps, header);
  if (!payload) return null;
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'username', 'role', 'status', 'department_id', 'token_version'])
    .where('id', '=', payload.user_id)
    .executeTakeFirst();
  return liveUser(payload, user);
}

/**
 * Who decides for a student (a leave request, a face change, a face collision): a teacher for the students of their
 * own department, an admin for everyone (a teacher's own requests included).
 */
export const decidesFor = (caller: AuthUser, user: { role: string; department_id: number | null }) =>
  caller.role === 'admin' || (user.role === 'student' && caller.department_id !== null && user.department_id === caller.department_id);

/**
 * decidesFor as a filter on a query that names its users `u`: a list a teacher or an admin decides from holds the same
 * users as the check on each decision lets them decide for (a teacher without a department, nobody).
 */
export const decidedForByCaller = (caller: AuthUser) => (eb: ExpressionBuilder<{ u: Database['users'] }, 'u'>) =>
  caller.role === 'admin' ? eb.and([]) : eb.and([eb('u.role', '=', 'student'), eb('u.department_id', '=', caller.department_id ?? -1)]);

/**
 * The device a request comes from, in the server's own word (issue 35): the id in its rc_device cookie when this
 * server signed that cookie for this user's email at a login less than a year ago (device-cookie.ts), else null. A
 * page cannot forge it (HttpOnly, signed) and a login token pasted elsewhere does not carry it: a browser that never
 * logged in as the user, and a REST client without cookies, have none.
 */
export async function attestedDevice(deps: Pick<AppDeps, 'db' | 'devices' | 'clock'>, userId: number, cookie: string | undefined): Promise<string | null> {
  if (!cookie) return null;
  const user = await deps.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return user ? deps.devices.deviceFor(user.email, cookie, deps.clock.now()) : null;
}
