import type { DB } from '../db/connect';
import type { Clock } from '../lib/clock';
import { DomainError } from '../lib/errors';

export interface HourlyAllowance {
  /** Counts one use from this address; throws TOO_MANY_REQUESTS (with the allowance's message) past the hour's share. */
  consume(ip: string): Promise<void>;
}

const WINDOW_MS = 3600 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;

/**
 * What an anonymous visitor may do a limited number of times an hour from one address (register: decode images and
 * run the face engine without an account; send the contact form). The count is a row in the database (one
 * statement: an upsert that starts a new hour or adds one), so every app node shares the allowance and a restart
 * does not reset it.
 */
export function createHourlyAllowance(db: DB, clock: Clock, opts: { name: string; perHour: number; message: string }): HourlyAllowance {
  let lastPrune = 0;
  return {
    async consume(ip) {
      const nowMs = clock.now().getTime();
      const now = new Date(nowMs).toISOString();
      const windowEnd = new Date(nowMs + WINDOW_MS).toISOString();
      if (nowMs - lastPrune > PRUNE_EVERY_MS) {
        lastPrune = nowMs;
        await db.deleteFrom('rate_limits').where('window_ends_at', '<=', now).execute();
      }
      const row = await db
        .insertInto('rate_limits')
        .values({ key: `${opts.name}:${ip}`, points: 1, window_ends_at: windowEnd })
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
      if (row.points > opts.perHour) {
        const waitMs = Date.parse(row.window_ends_at) - nowMs;
        throw new DomainError('TOO_MANY_REQUESTS', opts.message, { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) });
      }
    },
  };
}
