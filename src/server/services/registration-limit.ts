import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { MSG } from '../../shared/messages';
import { DomainError } from '../lib/errors';

export interface RegistrationLimit {
  /** Counts one registration from this address; throws TOO_MANY_REQUESTS past the hourly allowance. */
  consume(ip: string): Promise<void>;
}

/**
 * Anonymous registrations are the one way to make the server decode images and run the face engine without an
 * account: each address gets `perHour` of them, counted before the upload is even read.
 */
export function createRegistrationLimit(perHour: number): RegistrationLimit {
  const limiter = new RateLimiterMemory({ keyPrefix: 'register', points: perHour, duration: 3600 });
  return {
    async consume(ip) {
      try {
        await limiter.consume(ip);
      } catch (res) {
        if (!(res instanceof RateLimiterRes)) throw res;
        throw new DomainError('TOO_MANY_REQUESTS', MSG.register.tooMany, { retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) });
      }
    },
  };
}
