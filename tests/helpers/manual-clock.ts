import type { Clock } from '../../src/server/lib/clock';

/** A clock tests can move by hand. */
export function manualClock(start = new Date('2026-01-05T09:00:00Z')): Clock & { advance(ms: number): void; set(d: Date): void } {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
    set(d: Date) {
      t = d.getTime();
    },
  };
}

/**
 * A clock that runs with real time, as a page's clock does after Playwright's `clock.install`, until a test sets or
 * advances it: from then on it moves only by hand. `flow` starts it running again from `from`.
 */
export function flowingClock(from = new Date()): Clock & { advance(ms: number): void; set(d: Date): void; flow(from?: Date): void } {
  let base = from.getTime();
  let since: number | null = Date.now();
  const now = () => (since === null ? base : base + Date.now() - since);
  return {
    now: () => new Date(now()),
    advance(ms: number) {
      base = now() + ms;
      since = null;
    },
    set(d: Date) {
      base = d.getTime();
      since = null;
    },
    flow(start = new Date()) {
      base = start.getTime();
      since = Date.now();
    },
  };
}
