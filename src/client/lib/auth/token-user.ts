import { decodeToken, getToken } from '@/lib/auth/session';

type LooseClaims = { role?: string; user_id?: number; id?: number; teacher_id?: number };

/** The stored token's claims, or null when there is no decodable token. */
export function tokenClaims(): LooseClaims | null {
  const token = getToken();
  if (!token) return null;
  try {
    return decodeToken(token) as LooseClaims;
  } catch {
    return null;
  }
}

/** SPEC 3: the user id may be carried as user_id, id or teacher_id. */
export function userIdFromToken(): number | null {
  const claims = tokenClaims();
  const id = claims?.user_id ?? claims?.id ?? claims?.teacher_id;
  return typeof id === 'number' && Number.isFinite(id) ? id : null;
}
