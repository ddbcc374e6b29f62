import { describe, expect, it } from 'vitest';
import { FaceBusyError } from '../errors';
import { enrollQueueLimitFor, JobGate } from './gate';

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
    for (const b of blockers) b.done();
    await Promise.all(running);
    expect(gate.stats()).toEqual({ queued: 0, running: 0 });
  });

  it('passes a freed slot to the next job in order, even when a job fails', async () => {
    const gate = new JobGate(1, 5);
    const order: number[] = [];
    const jobs = [1, 2, 3].map((n) =>
      gate.run(async () => {
        order.push(n);
        if (n === 1) throw new Error('boom');
      }),
    );
    await expect(jobs[0]).rejects.toThrow('boom');
    await Promise.all(jobs.slice(1));
    expect(order).toEqual([1, 2, 3]);
  });

  it('rejects waiting jobs on shutdown', async () => {
    const gate = new JobGate(1, 5);
    const b = later();
    const first = gate.run(() => b.p);
    const waiting = gate.run(async () => 'x');
    gate.rejectWaiting(new FaceBusyError('engine_closed', 5));
    await expect(waiting).rejects.toBeInstanceOf(FaceBusyError);
    b.done();
    await first;
  });

  it('gives a waiting check the next free slot before enrollments that came earlier', async () => {
    const gate = new JobGate(1, 4, 4);
    const order: string[] = [];
    const b = later();
    const first = gate.run(() => b.p, 'enroll');
    const jobs = [
      gate.run(async () => order.push('enroll 1'), 'enroll'),
      gate.run(async () => order.push('enroll 2'), 'enroll'),
      gate.run(async () => order.push('check 1'), 'check'),
      gate.run(async () => order.push('check 2')),
    ];
    expect(gate.stats()).toEqual({ queued: 4, running: 1 });
    b.done();
    await Promise.all([first, ...jobs]);
    expect(order).toEqual(['check 1', 'check 2', 'enroll 1', 'enroll 2']);
  });

  it('refuses enrollments past their own smaller queue while checks still queue', async () => {
    const gate = new JobGate(2, 8);
    expect(enrollQueueLimitFor(8)).toBe(2);
    const b = later();
    const flood = Array.from({ length: 10 }, () =>
      gate
        .run(() => b.p, 'enroll')
        .then(
          () => 'done',
          (e: unknown) => e,
        ),
    );
    expect(gate.stats()).toEqual({ queued: 2, running: 2 }); // 2 running, 2 waiting, 6 refused at once
    const checks = Array.from({ length: 8 }, () => gate.run(async () => 'checked'));
    expect(gate.stats()).toEqual({ queued: 10, running: 2 });
    const refusedCheck = await gate.run(async () => 'never').catch((e: unknown) => e);
    expect(refusedCheck).toBeInstanceOf(FaceBusyError);
    b.done();
    expect(await Promise.all(checks)).toEqual(Array(8).fill('checked'));
    const outcomes = await Promise.all(flood);
    expect(outcomes.filter((o) => o === 'done')).toHaveLength(4);
    expect(outcomes.filter((o) => o instanceof FaceBusyError)).toHaveLength(6);
  });

  it('estimates a longer wait for an enrollment than for a check when enrollments are queued', async () => {
    const gate = new JobGate(1, 8, 8);
    const b = later();
    const jobs = [gate.run(() => b.p), ...Array.from({ length: 8 }, () => gate.run(async () => {}, 'enroll'))];
    expect(gate.retryAfterSeconds('enroll')).toBeGreaterThan(gate.retryAfterSeconds('check'));
    b.done();
    await Promise.all(jobs);
  });
});
