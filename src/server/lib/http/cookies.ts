import { parse, type SerializeOptions, serialize } from 'cookie';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS } from '@server/auth/device-cookie';

export type CookieJar = Record<string, string | undefined>;

/** The request's cookies; a malformed header reads as none. */
export function parseCookies(header: string | undefined): CookieJar {
  if (!header) return {};
  try {
    return parse(header);
  } catch {
    return {};
  }
}

/** Scripts cannot read it, other sites cannot send it, and over https it never travels in clear. */
export function deviceCookieHeader(value: string, secure: boolean): string {
  const options: SerializeOptions = { httpOnly: true, sameSite: 'strict', secure, path: '/', maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS };
  return serialize(DEVICE_COOKIE, value, options);
}
