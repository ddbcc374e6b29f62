import { describe, expect, it } from 'vitest';
import { Slots } from './slots';

describe('Slots', () => {
  it('runs at most `size` tasks at once, in order, and frees the slot when a task fails', async () => {
    const slots = new Slots(2);
    const order: number[] = [];
    let now = 0;
    const tasks = [1, 2, 3, 4, 5].map((n) =>
      slots.run(async () => {
        now += 1;
        order.push(n);
        await new Promise((r) => setTimeout(r, 10));
        expect(now).toBeLessThanOrEqual(2);
        now -= 1;
        if (n === 2) throw new Error('boom');
        return n;
      }),
    );
    expect(slots.stats()).toMatchObject({ running: 2, waiting: 3 });
    const settled = await Promise.allSettled(tasks);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(slots.stats()).toEqual({ running: 0, waiting: 0, peak: 2 });
  });
});
