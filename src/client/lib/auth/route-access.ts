import type { Role } from '@shared/constants';
import type { TokenPayload } from '@shared/token';
import { decodeToken, isExpired } from './session';

export type RouteAccess =
  | { kind: 'no-token' }
  | { kind: 'invalid'; error: unknown }
  | { kind: 'expired' }
  | { kind: 'forbidden'; payload: TokenPayload }
  | { kind: 'ok'; payload: TokenPayload };

/** SPEC 4 route guard decision, free of side effects so it is tested on its own. */
export function checkRouteAccess(token: string | null, roles: readonly string[], nowMs = Date.now()): RouteAccess {
  if (!token) return { kind: 'no-token' };
  let payload: TokenPayload;
  try {
    payload = decodeToken(token);
  } catch (error) {
    return { kind: 'invalid', error };
  }
  if (isExpired(payload, nowMs)) return { kind: 'expired' };
  if (!roles.includes(payload.role)) return { kind: 'forbidden', payload };
  return { kind: 'ok', payload };
}

/**
 * Who may open each signed-in page: app.tsx's route guards read it, and a login returns only to one of these pages,
 * of its role (a student who opened the classroom's QR link or the face page logged out comes back to it, its
 * `?room_code=` kept). One table, so a page added to the app is one a login can return to.
 */
export const PAGE_ROLES = {
  '/face-detection': ['student'],
  // every role's own details (an admin's also any user's, by ?id=)
  '/update-user': ['student', 'teacher', 'admin'],
  '/student-dashboard': ['student', 'admin'],
  '/teacher-dashboard': ['teacher', 'admin'],
  '/room-code': ['teacher', 'admin'],
  '/admin-dashboard': ['admin'],
  '/admin-dashboard/users': ['admin'],
  '/admin-dashboard/settings': ['admin'],
  '/admin-dashboard/messages': ['admin'],
} as const satisfies Record<string, readonly Role[]>;
const rolesOf = (pathname: string): readonly Role[] | undefined => (PAGE_ROLES as Record<string, readonly Role[]>)[pathname];

/**
 * Where a login goes back to: the page the route guard sent the user from (its `from` route state), with its query,
 * when that page is one of `role`'s; null otherwise (the role's home).
 */
export function returnPathAfterLogin(state: unknown, role: string | undefined): string | null {
  const from: unknown = typeof state === 'object' && state !== null && 'from' in state ? state.from : null;
  if (!role || typeof from !== 'object' || from === null || !('pathname' in from) || typeof from.pathname !== 'string') return null;
  if (!rolesOf(from.pathname)?.includes(role as Role)) return null;
  const search = 'search' in from && typeof from.search === 'string' && from.search.startsWith('?') ? from.search : '';
  return `${from.pathname}${search}`;
}
