import crypto from 'node:crypto';

/** The cookie's name and lifetime: a browser that logged in stays known for a year (OWASP device cookies). */
export const DEVICE_COOKIE = 'rc_device';
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

/** Longer values are not ours: they are refused before any HMAC is computed. */
const MAX_VALUE_LENGTH = 128;
const VALUE_RE = /^v1\.([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export interface DeviceCookies {
  /** A cookie value naming this login on this device; keeps `deviceId` when the device already had one. */
  issue(email: string, now: Date, deviceId?: string): string;
  /** The device id when `value` is a cookie this server signed for this email less than a year ago, else null. */
  deviceFor(email: string, value: string | undefined, now: Date): string | null;
}

/**
 * OWASP's "Slow Down Online Guessing Attacks with Device Cookies": after a successful login the browser gets a signed
 * cookie naming that login and a random device id, so its later attempts are counted under the device instead of the
 * address a whole school NAT shares. The email is bound by the HMAC, not written in the cookie: the cookie tells a
 * reader nothing about whose it is. The key is derived from the JWT secret, so every node verifies every cookie.
 */
export function createDeviceCookies(secret: Uint8Array): DeviceCookies {
  const key = crypto.createHmac('sha256', secret).update('device-cookies').digest();
  const mac = (email: string, deviceId: string, issuedAt: string) =>
    crypto.createHmac('sha256', key).update(`v1\n${email}\n${deviceId}\n${issuedAt}`).digest('base64url');
  return {
    issue(email, now, deviceId = crypto.randomBytes(16).toString('base64url')) {
      const issuedAt = String(Math.floor(now.getTime() / 1000));
      return `v1.${deviceId}.${issuedAt}.${mac(email, deviceId, issuedAt)}`;
    },
    deviceFor(email, value, now) {
      if (!value || value.length > MAX_VALUE_LENGTH) return null;
      const m = VALUE_RE.exec(value);
      if (!m) return null;
      const [, deviceId, issuedAt, sig] = m;
      const age = now.getTime() / 1000 - Number(issuedAt);
      if (age < -60 || age > DEVICE_COOKIE_MAX_AGE_SECONDS) return null;
      const expected = Buffer.from(mac(email, deviceId, issuedAt));
      const given = Buffer.from(sig);
      return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? deviceId : null;
    },
  };
}
