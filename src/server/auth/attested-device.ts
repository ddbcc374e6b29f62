import type { AppDeps } from '../deps';

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
