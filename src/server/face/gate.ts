import { FaceBusyError } from './errors';
import { MSG } from '../../shared/messages';

/**
 * Admission for face jobs: up to `concurrency` run at once, up to `queueLimit` more wait in order, and anything
 * past that is refused at once with a Retry-After estimated from recent job times.
 */
export class JobGate {
  private running = 0;
  private waiting: { go: () => void; fail: (e: Error) => void }[] = [];
  private avgMs = 1000;

  constructor(
    private readonly concurrency: number,
    private readonly queueLimit: number,
  ) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running++;
    else if (this.waiting.length >= this.queueLimit) throw new FaceBusyError(MSG.server.busy, this.retryAfterSeconds());
    else await new Promise<void>((go, fail) => this.waiting.push({ go, fail }));
    const started = Date.now();
    try {
      return await job();
    } finally {
      this.avgMs = 0.7 * this.avgMs + 0.3 * (Date.now() - started);
      const next = this.waiting.shift();
      if (next) next.go(); // the slot passes straight to the next job in line
      else this.running--;
    }
  }

  retryAfterSeconds(): number {
    const ahead = (this.waiting.length + this.running) / this.concurrency;
    return Math.min(60, Math.max(1, Math.ceil((ahead * this.avgMs) / 1000)));
  }

  stats() {
    return { queued: this.waiting.length, running: this.running };
  }

  rejectWaiting(err: Error) {
    for (const w of this.waiting.splice(0)) w.fail(err);
  }
}
