/** Polls GET /api/health every `everyMs` until stopped; resolves to each answer's latency in ms (a failed answer counts as Infinity). */
export function watchHealth(baseUrl: string, everyMs = 25) {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const ok = await fetch(`${baseUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      latencies.push(ok ? performance.now() - started : Number.POSITIVE_INFINITY);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    count: () => latencies.length,
    async stop() {
      running = false;
      await loop;
      return latencies;
    },
  };
}

/** The 95th percentile of the latencies: how the health tests judge a burst and bench:health prints it. */
export function p95(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))];
}
