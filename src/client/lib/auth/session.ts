import { decodeJwt } from 'jose';
import { HOME_BY_ROLE, STORAGE_KEYS } from '@shared/constants';
import type { TokenPayload } from '@shared/token';

/** The browser never verifies the token (the server does); it only reads role and expiry from it. */
export function getToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.token);
}

export function storeToken(token: string) {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.removeItem(STORAGE_KEYS.sessionExpired);
}

export function clearToken() {
  localStorage.removeItem(STORAGE_KEYS.token);
}

export function markSessionExpired() {
  localStorage.setItem(STORAGE_KEYS.sessionExpired, 'true');
}

/** Throws when the token is not a decodable JWT. */
export function decodeToken(token: string): TokenPayload {
  return decodeJwt(token) as unknown as TokenPayload;
}

/** SPEC 4: expiry is in seconds, compared with the current time in milliseconds. */
export function isExpired(payload: Pick<TokenPayload, 'exp'>, nowMs = Date.now()): boolean {
  return typeof payload.exp !== 'number' || nowMs >= payload.exp * 1000;
}

export function homeForRole(role: string | undefined): string {
  return (role && HOME_BY_ROLE[role]) || '/';
}
