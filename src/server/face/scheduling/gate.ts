import { FaceBusyError } from '../errors';

/**
 * Attendance checks (video or photo verification) and enrollments (registration) share the engine, but not its
 * queue: a waiting check always goes before a waiting enrollment, and enrollments may queue only a few, so a flood
 * of registrations gets 503 while the students in class still get their turn. A live check was admitted before its
 * stream (services/faces/check/live-check.ts bounds how many stream at once): its verdict waits its turn, first of
 * all, and is never refused for a full queue (the student is never cut off mid-check).
 */
export type JobLane = 'check' | 'enroll' | 'admitted';

/** Enrollments allowed to wait: a quarter of the checks' queue, at least 1 (none when checks may not wait either). */
export const enrollQueueLimitFor = (queueLimit: number) => Math.min(queueLimit, Math.max(1, Math.floor(queueLimit / 4)));

interface Waiter {
  go: () => void;
  fail: (e: Error) => void;
}

/**
 * Admission for face jobs: up to `concurrency` run at once; up to `queueLimit` checks and `enrollQueueLimit`
 * enrollments more wait, checks first, each lane in order; anything past that is refused at once with a
 * Retry-After estimated from recent job times.
 */
export class JobGate {
  private running = 0;
  private waiting: Record<JobLane, Waiter[]> = { admitted: [], check: [], enroll: [] };
  private readonly limits: Record<JobLane, number>;
  private avgMs = 1000;

  constructor(
    private readonly concurrency: number,
    queueLimit: number,
    enrollQueueLimit = enrollQueueLimitFor(queueLimit),
  ) {
    this.limits = { admitted: Number.POSITIVE_INFINITY, check: queueLimit, enroll: enrollQueueLimit };
  }

  async run<T>(job: () => Promise<T>, lane: JobLane = 'check'): Promise<T> {
    if (this.running < this.concurrency) this.running++;
    else if (this.waiting[lane].length >= this.limits[lane]) throw new FaceBusyError('busy', this.retryAfterSeconds(lane));
    else await new Promise<void>((go, fail) => this.waiting[lane].push({ go, fail }));
    const started = Date.now();
    try {
      return await job();
    } finally {
      this.avgMs = 0.7 * this.avgMs + 0.3 * (Date.now() - started);
      const next = this.waiting.admitted.shift() ?? this.waiting.check.shift() ?? this.waiting.enroll.shift();
      if (next)
        next.go(); // the slot passes straight to the next job in line, checks first
      else this.running--;
    }
  }

  /** A check waits only behind the running jobs and the checks queued; an enrollment behind everything. */
  retryAfterSeconds(lane: JobLane = 'check'): number {
    const first = this.waiting.admitted.length;
    const queued =
      lane === 'admitted' ? first : lane === 'check' ? first + this.waiting.check.length : first + this.waiting.check.length + this.waiting.enroll.length;
    const ahead = (queued + this.running) / this.concurrency;
    return Math.min(60, Math.max(1, Math.ceil((ahead * this.avgMs) / 1000)));
  }

  stats() {
    return { queued: this.waiting.admitted.length + this.waiting.check.length + this.waiting.enroll.length, running: this.running };
  }

  rejectWaiting(err: Error) {
    for (const w of [...this.waiting.admitted.splice(0), ...this.waiting.check.splice(0), ...this.waiting.enroll.splice(0)]) w.fail(err);
  }
}
