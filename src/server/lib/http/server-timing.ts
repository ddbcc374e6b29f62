/**
 * Step durations of one request, sent back as a `Server-Timing` header (shown by browsers' dev tools and read by
 * `npm run bench:api`), so the time of a slow answer can be placed without a profiler. Names and milliseconds only.
 */
export class ServerTiming {
  private readonly started = performance.now();
  private readonly steps: [string, number][] = [];
  private lapFrom = this.started;

  /** Records the time since the previous lap (or since this object was made) as the step `name`. */
  lap(name: string) {
    const now = performance.now();
    this.add(name, now - this.lapFrom);
    this.lapFrom = now;
  }

  /** Adds `ms` to the step `name` (a step measured twice, e.g. retried, is summed). */
  add(name: string, ms: number) {
    const step = this.steps.find((s) => s[0] === name);
    if (step) step[1] += ms;
    else this.steps.push([name, ms]);
  }

  /** Runs `fn` and records its duration under `name`, whether it succeeds or throws. */
  async measure<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const t0 = performance.now();
    try {
      return await fn();
    } finally {
      this.add(name, performance.now() - t0);
    }
  }

  /** The header value: every step, then `total` since this object was made. */
  header(): string {
    return [...this.steps, ['total', performance.now() - this.started] as const].map(([n, ms]) => `${n};dur=${ms.toFixed(1)}`).join(', ');
  }
}

/** Records nothing: for callers that do not report timings. */
export const NO_TIMING: Pick<ServerTiming, 'measure'> = { measure: (_name, fn) => fn() };
