import { logger } from '@server/lib/logger';

/** Work a node repeats on a timer (the email queue, the warnings after sessions end), and runs at once when asked. */
export interface Ticker {
  /** Runs the work now; concurrent callers on this node share one run. Resolves to what the work reports. */
  run(): Promise<number>;
  /** Runs every `everyMs` until stop(); returns stop. */
  start(everyMs?: number): () => void;
  stop(): void;
}

/**
 * One per app in its deps, never module-level, so two apps in one process (tests start several) share no timer. The
 * work must be safe on every node at once: each claims its rows in the database (a conditional update), so a row is
 * done by one node; the timer only decides when this node looks.
 */
export function createTicker(name: string, work: () => Promise<number>, defaultEveryMs: number): Ticker {
  let running: Promise<number> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const run = () => (running ??= work().finally(() => (running = undefined)));
  const ticker: Ticker = {
    run,
    start(everyMs = defaultEveryMs) {
      ticker.stop();
      timer = setInterval(() => {
        run().catch((err) => logger.error({ err }, `${name}: run failed`));
      }, everyMs);
      timer.unref();
      return () => ticker.stop();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
  return ticker;
}
