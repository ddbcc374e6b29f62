import { MSG } from '@shared/messages';
import type { DB } from '../db/connect';
import type { Clock } from '../lib/clock';
import { DomainError } from '../lib/errors';

export interface LoginGuard {
  /**
   * Counts one attempt for this email from this source BEFORE the password is checked, so a burst gets no more
   * guesses than the limit; throws TOO_MANY_REQUESTS while the pair has to wait. The source is the caller's address,
   * or `deviceSource(id)` for a browser holding a device cookie for this email (services/accounts/auth.ts).
   */
  reserve(email: string, source: string): Promise<void>;
  /** The password was right: the pair's count is released. */
  release(email: string, source: string): Promise<void>;
}

/** A device cookie's key, kept in the address column: no address starts with "device:", so the two never meet. */
export const deviceSource = (deviceId: string) => `device:${deviceId}`;

/** A pair's count is forgotten after a day without failures. */
const FORGET_MS = 24 * 3600 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;

/**
 * Brute-force guard with growing delays per (email, address) pair, or (email, device) for a known browser, counted in the database so a restart does not
 * clear it. The first `maxFailures - 1` attempts are free; from the `maxFailures`-th on, each attempt makes the pair
 * wait 1 s, 2 s, 4 s... up to `maxDelaySeconds` before the next one. Nothing locks a whole address (a school's NAT)
 * or an account for everyone else (a victim of a chosen lockout logs in from their own address).
 */
export function createLoginGuard(db: DB, clock: Clock, opts: { maxFailures: number; maxDelaySeconds: number }): LoginGuard {
  let lastPrune = 0;
  const delaySecondsAfter = (failures: number) =>
    failures < opts.maxFailures ? 0 : Math.min(opts.maxDelaySeconds, 2 ** Math.min(30, failures - opts.maxFailures));
  // The database is the record (shared by every node); these two maps only make a burst on this node cheap. Attempts of one pair run one after the
  // other, and once a pair must wait the rest of its burst is refused from memory without touching the database.
  const queues = new Map<string, Promise<void>>();
  const blockedUntil = new Map<string, number>();
  const tooMany = (waitMs: number) =>
    new DomainError('TOO_MANY_REQUESTS', MSG.login.tooMany, { errorCode: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) });

  async function reserveNow(email: string, ip: string, key: string) {
    const now = clock.now();
    const nowMs = now.getTime();
    const knownBlock = (blockedUntil.get(key) ?? 0) - nowMs;
    if (knownBlock > 0) throw tooMany(knownBlock);
    if (nowMs - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = nowMs;
      for (const [k, until] of blockedUntil) if (until <= nowMs) blockedUntil.delete(k);
      await db
        .deleteFrom('login_failures')
        .where('last_failed_at', '<', new Date(nowMs - FORGET_MS).toISOString())
        .execute();
    }
    // One transaction holding the pair's row: SQLite runs transactions one at a time, and on PostgreSQL (several
    // nodes) the no-op upsert locks the row until commit, so concurrent attempts on any node count one by one.
    const waitMs = await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('login_failures')
        .values({ email, ip, failures: 0, last_failed_at: now.toISOString(), blocked_until: null })
        .onConflict((oc) => oc.columns(['email', 'ip']).doUpdateSet((eb) => ({ failures: eb.ref('login_failures.failures') })))
        .execute();
      const row = await trx.selectFrom('login_failures').selectAll().where('email', '=', email).where('ip', '=', ip).executeTakeFirstOrThrow();
      const fresh = row && nowMs - Date.parse(row.last_failed_at) < FORGET_MS ? row : undefined;
      const blockedMs = fresh?.blocked_until ? Date.parse(fresh.blocked_until) - nowMs : 0;
      if (blockedMs > 0) return blockedMs;
      const failures = (fresh?.failures ?? 0) + 1;
      const delay = delaySecondsAfter(failures);
      const values = { failures, last_failed_at: now.toISOString(), blocked_until: delay ? new Date(nowMs + delay * 1000).toISOString() : null };
      await trx.updateTable('login_failures').set(values).where('email', '=', email).where('ip', '=', ip).execute();
      if (delay) blockedUntil.set(key, nowMs + delay * 1000);
      return 0;
    });
    if (waitMs > 0) {
      blockedUntil.set(key, nowMs + waitMs);
      throw tooMany(waitMs);
    }
  }

  return {
    async reserve(email, ip) {
      const key = `${email}\n${ip}`;
      const run = (queues.get(key) ?? Promise.resolve()).then(() => reserveNow(email, ip, key));
      const settled = run.catch(() => undefined);
      queues.set(key, settled);
      try {
        await run;
      } finally {
        if (queues.get(key) === settled) queues.delete(key);
      }
    },
    async release(email, ip) {
      blockedUntil.delete(`${email}\n${ip}`);
      await db.deleteFrom('login_failures').where('email', '=', email).where('ip', '=', ip).execute();
    },
  };
}
