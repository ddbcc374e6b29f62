import os from 'node:os';
import argon2 from 'argon2';

/** argon2id at OWASP's minimum (19 MiB, 2 passes, 1 lane) or stronger; parameters travel inside the hash. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes run on libuv's threads, four at once by default: on a small box a login burst would then take every core
 * and starve the event loop (every other request). At most half the cores hash at a time; the rest wait in line.
 */
const HASH_SLOTS = Math.max(1, Math.floor(os.availableParallelism() / 2));
let running = 0;
const waiting: (() => void)[] = [];

async function inHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASH_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export const hashPassword = (plain: string) => inHashSlot(() => argon2.hash(plain, OPTIONS));

export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await inHashSlot(() => argon2.verify(hash, plain));
  } catch {
    return false;
  }
}

/** A real hash to verify against when the email is unknown, so both paths cost the same time. */
let dummyHash: Promise<string> | undefined;
export const getDummyHash = () => (dummyHash ??= hashPassword('dummy-password-for-timing'));
