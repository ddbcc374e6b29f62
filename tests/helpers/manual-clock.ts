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
