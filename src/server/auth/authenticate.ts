import type { Role, UserStatus } from '../../shared/constants';
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
