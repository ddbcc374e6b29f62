import { RateLimiterMemory, type RateLimiterRes } from 'rate-limiter-flexible';
import { MSG } from '../../shared/messages';
import { DomainError } from '../lib/errors';

export interface LoginGuard {
  /** Throws TOO_MANY_REQUESTS while the email or the address is blocked. */
  check(email: string, ip: string): Promise<void>;
  recordFailure(email: string, ip: string): Promise<void>;
  recordSuccess(email: string): Promise<void>;
}

/**
 * Brute-force guard: `maxFailures` failed logins for one email (or 4x that from one address) within the block window
 * lock that key for the window. One process serves the school, so memory is the right store.
 */
export function createLoginGuard(opts: { maxFailures: number; blockSeconds: number }): LoginGuard {
  const byEmail = new RateLimiterMemory({ keyPrefix: 'email', points: opts.maxFailures, duration: opts.blockSeconds, blockDuration: opts.blockSeconds });
  const byIp = new RateLimiterMemory({ keyPrefix: 'ip', points: opts.maxFailures * 4, duration: opts.blockSeconds, blockDuration: opts.blockSeconds });

  const blocked = (r: RateLimiterRes | null, points: number) => (r && r.consumedPoints >= points ? r : null);

  return {
    async check(email, ip) {
      const hit = blocked(await byEmail.get(email), opts.maxFailures) ?? blocked(await byIp.get(ip), opts.maxFailures * 4);
      if (hit) {
        throw new DomainError('TOO_MANY_REQUESTS', MSG.login.tooMany, {
          errorCode: 'TOO_MANY_ATTEMPTS',
          retryAfterSeconds: Math.max(1, Math.ceil(hit.msBeforeNext / 1000)),
        });
      }
    },
    async recordFailure(email, ip) {
      await Promise.allSettled([byEmail.consume(email), byIp.consume(ip)]);
    },
    async recordSuccess(email) {
      await byEmail.delete(email);
    },
  };
}
