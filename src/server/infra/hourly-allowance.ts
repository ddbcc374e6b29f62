import type { DB } from '../db/connect';
import type { Clock } from '../lib/clock';
import { createWindowAllowance } from './window-allowance';

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
