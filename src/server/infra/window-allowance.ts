import type { DB } from '../db/connect';
import type { Clock } from '../lib/clock';
import { DomainError } from '../lib/errors';

export interface WindowAllowance {
  /** Counts one use by `who`; throws TOO_MANY_REQUESTS (message, error code, Retry-After) past the window's share. */
  consume(who: string): Promise<void>;
  /** Gives back one use counted in the current window (a use that turned out to cost nothing). */
  refund(who: string): Promise<void>;
}

export interface WindowAllowanceOptions {
  /** The counter's key prefix in rate_limits: one per allowance. */
  name: string;
  /** Uses allowed in one window. */
  limit: number;
  windowMs: number;
  message: string;
  errorCode?: string;
}

const PRUNE_EVERY_MS = 10 * 60 * 1000;

/**
 * What may be done a limited number of times per window (registrations per address and hour, face checks per
 * account and minute...). The count is a row in the database (one statement: an upsert that starts a new window or
 * adds one), so every app node shares the allowance and a restart does not reset it. A window starts at its first
 * use (a fixed window per key, not a sliding one).
 */
export function createWindowAllowance(db: DB, clock: Clock, opts: WindowAllowanceOptions): WindowAllowance {
  let lastPrune = 0;
  return {
    async consume(who) {
      const nowMs = clock.now().getTime();
      const now = new Date(nowMs).toISOString();
      const windowEnd = new Date(nowMs + opts.windowMs).toISOString();
      if (nowMs - lastPrune > PRUNE_EVERY_MS) {
        lastPrune = nowMs;
        await db.deleteFrom('rate_limits').where('window_ends_at', '<=', now).execute();
      }
      const row = await db
        .insertInto('rate_limits')
        .values({ key: `${opts.name}:${who}`, points: 1, window_ends_at: windowEnd })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => {
            const expired = eb('rate_limits.window_ends_at', '<=', now);
            return {
              points: eb
                .case()
                .when(expired)
                .then(1)
                .else(eb('rate_limits.points', '+', 1))
                .end(),
              window_ends_at: eb.case().when(expired).then(windowEnd).else(eb.ref('rate_limits.window_ends_at')).end(),
            };
          }),
        )
        .returning(['points', 'window_ends_at'])
        .executeTakeFirstOrThrow();
      if (row.points > opts.limit) {
        const waitMs = Date.parse(row.window_ends_at) - nowMs;
        throw new DomainError('TOO_MANY_REQUESTS', opts.message, { errorCode: opts.errorCode, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) });
      }
    },
    async refund(who) {
      await db
        .updateTable('rate_limits')
        .set((eb) => ({ points: eb('points', '-', 1) }))
        .where('key', '=', `${opts.name}:${who}`)
        .where('points', '>', 0)
        .where('window_ends_at', '>', clock.now().toISOString())
        .execute();
    },
  };
}

export interface HourlyAllowance {
  /** Counts one use from this address; throws TOO_MANY_REQUESTS (with the allowance's message) past the hour's share. */
  consume(ip: string): Promise<void>;
}

/**
 * What an anonymous visitor may do a limited number of times an hour from one address (register: decode images and
 * run the face engine without an account; send the contact form), counted in the database (window-allowance.ts).
 */
export function createHourlyAllowance(db: DB, clock: Clock, opts: { name: string; perHour: number; message: string }): HourlyAllowance {
  return createWindowAllowance(db, clock, { name: opts.name, limit: opts.perHour, windowMs: 3600 * 1000, message: opts.message });
}
