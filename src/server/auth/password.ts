import os from 'node:os';
import argon2 from 'argon2';
import { Slots } from '../lib/slots';

/** argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane) or stronger; parameters travel inside the hash. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes run on libuv's threads, four at once by default: on a small box a login burst would then take every core
 * and starve the event loop (every other request). At most half the cores hash at a time; the rest wait in line.
 */
const HASH_SLOTS = Math.max(1, Math.floor(os.availableParallelism() / 2));
const hashSlots = new Slots(HASH_SLOTS);

export const hashPassword = (plain: string) => hashSlots.run(() => argon2.hash(plain, OPTIONS));

export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await hashSlots.run(() => argon2.verify(hash, plain));
  } catch {
    return false;
  }
}

/** A real hash to verify against when the email is unknown, so both paths cost the same time. */
let dummyHash: Promise<string> | undefined;
export const getDummyHash = () => (dummyHash ??= hashPassword('dummy-password-for-timing'));
