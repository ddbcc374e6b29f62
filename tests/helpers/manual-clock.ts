import type { Clock } from '@server/lib/clock';

/**
 * A clock tests can move by hand. `flow` makes it run with real time from a moment, as a page's clock does after
 * Playwright's `clock.install`, until the next `set` or `advance`: from then on it moves only by hand again.
 */
export function manualClock(start = new Date('2026-01-05T09:00:00Z')): Clock & { advance(ms: number): void; set(d: Date): void; flow(from?: Date): void } {
  let base = start.getTime();
  // the real time at which it started running, null while it stands still
  let since: number | null = null;
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
    flow(from = new Date()) {
      base = from.getTime();
      since = Date.now();
    },
  };
}
