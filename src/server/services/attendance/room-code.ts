import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ROOM_CODE_ALPHABET, ROOM_CODE_GRACE_SECONDS, ROOM_CODE_LENGTH, ROOM_CODE_WINDOW_SECONDS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { DomainError } from '@server/lib/errors';

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
 * The window whose code this is, when that window is the current one or ended at most `maxAgeMs` ago; null for a
 * wrong code, an older one or a future one.
 */
export function roomCodeWindowOf(secret: string, code: string, epochMs: number, maxAgeMs: number): number | null {
  const current = roomCodeWindow(epochMs);
  for (let w = current; ; w--) {
    const age = w === current ? 0 : epochMs - (w + 1) * WINDOW_MS;
    if (age > maxAgeMs) return null;
    if (sameCode(code, roomCodeOf(secret, w))) return w;
  }
}

/** A session that requires a code refuses a mark without one (told before anything else about the mark). */
export function refuseMissingRoomCode(secret: string | null, code: string | undefined) {
  if (secret && !code) throw new DomainError('VALIDATION', MSG.roomCode.required, { errorCode: 'room_code_required' });
}

/**
 * The geofence step's rule: the code on the screen now, or the previous one until ROOM_CODE_GRACE_SECONDS after it
 * changed (a student still typing it). The window of the code accepted, else null.
 */
export const stepCodeWindow = (secret: string, code: string | undefined, now: Date) =>
  code ? roomCodeWindowOf(secret, code, now.getTime(), ROOM_CODE_GRACE_SECONDS * 1000) : null;

/**
 * The final mark's rule (issue 35): the very code its geofence step accepted, however old it has grown since (the step
 * itself is at most MARK_STEP_MAX_AGE_SECONDS old): a code read later is not the step's.
 */
export const isStepCode = (secret: string, code: string | undefined, window: number | null) =>
  !!code && window !== null && sameCode(code, roomCodeOf(secret, window));

export const roomCodeNotCurrent = () => new DomainError('VALIDATION', MSG.roomCode.notCurrent, { errorCode: 'room_code_not_current' });
