import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '@shared/constants';
import type { TokenPayload } from '@shared/token';

const ALG = 'HS256';

/** A verified token's payload and the id of the login it stands for. */
export interface VerifiedToken extends TokenPayload {
  /** The token's jti; for a token signed before logins had one, a hash of the token (one per login all the same). */
  token_id: string;
}

export interface TokenService {
  sign(claims: { user_id: number; role: Role; username: string; tv: number }): Promise<string>;
  /** Returns the payload, or null for a bad signature, another algorithm, an expired or malformed token. */
  verify(token: string): Promise<VerifiedToken | null>;
}

const tokenIdOf = (payload: TokenPayload, token: string) =>
  typeof payload.jti === 'string' && payload.jti ? payload.jti : `sha256:${crypto.createHash('sha256').update(token).digest('base64url')}`;

const VERIFIED_CACHE_SIZE = 10_000;

export function createTokenService(secret: Uint8Array, ttlSeconds: number, now: () => Date): TokenService {
  // A signature that verified once verifies forever: remember it until the token expires (users are still
  // re-checked against the database on every request by authenticate()).
  const verified = new Map<string, VerifiedToken>();
  return {
    async sign(claims) {
      const iat = Math.floor(now().getTime() / 1000);
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: ALG, typ: 'JWT' })
        .setIssuedAt(iat)
        .setJti(crypto.randomBytes(16).toString('base64url'))
        .setExpirationTime(iat + ttlSeconds)
        .sign(secret);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.exp * 1000 > now().getTime()) return known;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: [ALG], currentDate: now() });
        if (typeof payload.user_id !== 'number' || typeof payload.role !== 'string' || typeof payload.exp !== 'number') return null;
        const result: VerifiedToken = { ...(payload as unknown as TokenPayload), token_id: tokenIdOf(payload as unknown as TokenPayload, token) };
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
        verified.set(token, result);
        return result;
      } catch {
        return null;
      }
    },
  };
}

/** JWT_SECRET when set; otherwise a random secret generated once and kept (mode 600) in the data folder. */
export function loadOrCreateSecret(dataDir: string, fromEnv?: string): Uint8Array {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  const file = path.join(dataDir, 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}
