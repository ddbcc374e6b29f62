import { expect } from 'vitest';
import { p95, watchHealth } from '@harness/health-watch';

/**
 * Health latency judged against the same machine's quiet figure, measured in the same test just before the burst:
 * on a shared CI box at load 10 an absolute bound measures the box, while starvation (the server busy with the
 * burst instead of answering) shows as a burst p95 far above the quiet one. Absolute figures live in the benchmarks.
 */
const STARVED_FACTOR = 10;
/** Below this, a quiet p95 of 5 ms would make scheduler spikes of a few hundred ms at load 10+ look like starvation. */
const FLOOR_MS = 500;

/** The quiet p95 of `/api/health` on this server now, probed as watchHealth probes it during the burst. */
export async function quietHealthP95(baseUrl: string, samples = 20) {
  const watch = watchHealth(baseUrl);
  while (watch.count() < samples) await new Promise((resolve) => setTimeout(resolve, 10));
  return p95(await watch.stop());
}

/** Every probe answered, and the burst's p95 not starved relative to the quiet one. */
export function expectHealthNotStarved(quietP95: number, burst: number[]) {
  expect(burst.length).toBeGreaterThan(0);
  expect(burst.filter((ms) => !Number.isFinite(ms))).toEqual([]);
  expect(p95(burst), `quiet p95 ${quietP95.toFixed(1)} ms; burst ${burst.map((ms) => ms.toFixed(0)).join(' ')} ms`).toBeLessThanOrEqual(
    Math.max(STARVED_FACTOR * quietP95, FLOOR_MS),
  );
}
