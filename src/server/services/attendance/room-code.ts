import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ROOM_CODE_ALPHABET, ROOM_CODE_GRACE_SECONDS, ROOM_CODE_LENGTH, ROOM_CODE_MAX_AGE_SECONDS, ROOM_CODE_WINDOW_SECONDS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { DomainError } from '../../lib/errors';

const WINDOW_MS = ROOM_CODE_WINDOW_SECONDS * 1000;
/** The largest multiple of the alphabet's size that fits in a byte: bytes at or above it are skipped (no modulo bias). */
const UNBIASED_BYTES = 256 - (256 % ROOM_CODE_ALPHABET.length);

/** A new session's secret: 32 random bytes, base64url. */
export const newRoomCodeSecret = () => randomBytes(32).toString('base64url');

export const roomCodeWindow = (epochMs: number) => Math.floor(epochMs / WINDOW_MS);

/** Seconds until the current window's code changes (1..ROOM_CODE_WINDOW_SECONDS). */
export const roomCodeSecondsLeft = (epochMs: number) => Math.ceil(((roomCodeWindow(epochMs) + 1) * WINDOW_MS - epochMs) / 1000);

/**
 * The code of one window: HMAC-SHA256(secret, window number), its bytes mapped to the alphabet by rejection sampling.
 * Derived on demand, never stored, so every node holding the secret computes the same code for the same window.
 */
export function roomCodeOf(secret: string, window: number): string {
  const key = Buffer.from(secret, 'base64url');
  let code = '';
  // 32 bytes give 6 accepted symbols but with a chance of about 1e-30; the counter keeps the loop total anyway.
  for (let round = 0; code.length < ROOM_CODE_LENGTH; round++) {
    const mac = createHmac('sha256', key)
      .update(round === 0 ? String(window) : `${window}.${round}`)
      .digest();
    for (const byte of mac) {
      if (byte >= UNBIASED_BYTES) continue;
      code += ROOM_CODE_ALPHABET[byte % ROOM_CODE_ALPHABET.length];
      if (code.length === ROOM_CODE_LENGTH) break;
    }
  }
  return code;
}

const sameCode = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * How long ago (ms) the window whose code this is ended: 0 for the code on the screen now. Null when it is no code of
 * a window that ended at most `maxAgeMs` ago (a wrong code, an older one, or a future one).
 */
export function roomCodeAgeMs(secret: string, code: string, epochMs: number, maxAgeMs: number): number | null {
  const current = roomCodeWindow(epochMs);
  for (let w = current; ; w--) {
    const age = w === current ? 0 : epochMs - (w + 1) * WINDOW_MS;
    if (age > maxAgeMs) return null;
    if (sameCode(code, roomCodeOf(secret, w))) return age;
  }
}

/** Which step asks: the geofence step takes the previous code during the grace, the final mark a code up to a minute old. */
export type RoomCodeStep = 'geofence' | 'final';
const MAX_AGE_MS: Record<RoomCodeStep, number> = {
  geofence: ROOM_CODE_GRACE_SECONDS * 1000,
  final: ROOM_CODE_MAX_AGE_SECONDS * 1000,
};

/** A session that requires a code refuses a mark without one (told before anything else about the mark). */
export function refuseMissingRoomCode(secret: string | null, code: string | undefined) {
  if (secret && !code) throw new DomainError('VALIDATION', MSG.roomCode.required, { errorCode: 'room_code_required' });
}

/** Whether the code sent passes this step's rule; true for a session that requires no code (any code is ignored). */
export function roomCodeAccepted(secret: string | null, code: string | undefined, step: RoomCodeStep, now: Date) {
  if (!secret) return true;
  return !!code && roomCodeAgeMs(secret, code, now.getTime(), MAX_AGE_MS[step]) !== null;
}

export const roomCodeNotCurrent = () => new DomainError('VALIDATION', MSG.roomCode.notCurrent, { errorCode: 'room_code_not_current' });
