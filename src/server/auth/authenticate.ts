import type { Role, UserStatus } from '../../shared/constants';
import type { AppDeps } from '../deps';

export interface AuthUser {
  id: number;
  username: string;
  role: Role;
  status: UserStatus;
  department_id: number | null;
}

/** Resolves a bearer header to a live, active user; a valid token of a deleted or inactive user, or a revoked one, is refused. */
export async function authenticate(deps: Pick<AppDeps, 'db' | 'tokens'>, header: string | undefined): Promise<AuthUser | null> {
  const token = /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];
  if (!token) return null;
  const payload = await deps.tokens.verify(token);
  if (!payload) return null;
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'username', 'role', 'status', 'department_id', 'token_version'])
    .where('id', '=', payload.user_id)
    .executeTakeFirst();
  if (!user || user.status !== 'active') return null;
  // Tokens signed before the user's last logout, password change or deactivation are dead.
  if ((payload.tv ?? 0) !== user.token_version) return null;
  const { token_version: _, ...authUser } = user;
  return authUser;
}
