import { clearToken, getToken, markSessionExpired } from '../auth/session';

const EVENT = 'rollcall:token-refused';

/**
 * Called when the server answers 401 to a request that carried `sentToken`: the stored token is forged, revoked or
 * expired server-side. It is dropped (once, and only if it is still the stored one) and the app is told to go to login.
 */
export function reportRefusedToken(sentToken: string | null) {
  if (!sentToken || getToken() !== sentToken) return;
  clearToken();
  markSessionExpired();
  window.dispatchEvent(new Event(EVENT));
}

/** Subscribes to refused-token reports; returns the unsubscribe function. */
export function onRefusedToken(listener: () => void) {
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
