import { describe, expect, it } from 'vitest';
import { FaceBusyError } from './errors';
import { JobGate } from './gate';

const later = () => {
  let done!: () => void;
  const p = new Promise<void>((r) => (done = r));
  return { p, done };
};

describe('JobGate', () => {
  it('runs up to `concurrency` jobs, queues up to `queueLimit`, refuses the rest at once', async () => {
    const gate = new JobGate(2, 1);
    const blockers = [later(), later(), later()];
    const running = blockers.map((b) => gate.run(() => b.p));
    expect(gate.stats()).toEqual({ queued: 1, running: 2 });
    const refused = await gate.run(async () => 'never').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(FaceBusyError);
    expect((refused as FaceBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    blockers.forEach((b) => b.done());
    await Promise.all(running);
    expect(gate.stats()).toEqual({ queued: 0, running: 0 });
  });

  it('passes a freed slot to the next job in order, even when a job fails', async () => {
    const gate = new JobGate(1, 5);
    const order: number[] = [];
    const jobs = [1, 2, 3].map((n) => gate.run(async () => {
      order.push(n);
      if (n === 1) throw new Error('boom');
    }));
    await expect(jobs[0]).rejects.toThrow('boom');
    await Promise.all(jobs.slice(1));
    expect(order).toEqual([1, 2, 3]);
  });

  it('rejects waiting jobs on shutdown', async () => {
    const gate = new JobGate(1, 5);
    const b = later();
    const first = gate.run(() => b.p);
    const waiting = gate.run(async () => 'x');
    gate.rejectWaiting(new FaceBusyError('closed', 5));
    await expect(waiting).rejects.toBeInstanceOf(FaceBusyError);
    b.done();
    await first;
  });
});
