import crypto from 'node:crypto';

export interface UrlSigner {
  /** `path?exp=...&sig=...`, valid for `ttlSeconds` from `now`. */
  sign(path: string, now: Date, ttlSeconds?: number): string;
  verify(path: string, exp: string | undefined, sig: string | undefined, now: Date): boolean;
}

/**
 * Face images are shown in <img> tags, which cannot send a bearer header. Instead of public URLs, the server hands
 * authorised viewers short-lived HMAC-signed URLs (as object stores do with presigned URLs).
 */
export function createUrlSigner(secret: Uint8Array): UrlSigner {
  const key = crypto.createHmac('sha256', secret).update('face-image-urls').digest();
  const mac = (path: string, exp: string) => crypto.createHmac('sha256', key).update(`${path}\n${exp}`).digest('base64url');
  return {
    sign(path, now, ttlSeconds = 600) {
      const exp = String(Math.floor(now.getTime() / 1000) + ttlSeconds);
      return `${path}?exp=${exp}&sig=${mac(path, exp)}`;
    },
    verify(path, exp, sig, now) {
      if (!exp || !sig || !/^\d+$/.test(exp) || Number(exp) * 1000 < now.getTime()) return false;
      const expected = Buffer.from(mac(path, exp));
      const given = Buffer.from(sig);
      return expected.length === given.length && crypto.timingSafeEqual(expected, given);
    },
  };
}
