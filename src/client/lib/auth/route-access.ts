import type { TokenPayload } from '../../../shared/token';
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
