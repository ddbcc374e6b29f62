import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { expectHealthNotStarved, quietHealthP95 } from '@tests/helpers/health-starvation';
import { GOOD_FIELDS, plainJpeg, postRegister } from '@harness/api-client';
import { watchHealth } from '@harness/health-watch';
import { rssOf } from '@harness/server-process';
import { startServerProcess } from '@tests/helpers/server-process';

/** Timing-sensitive: runs after the other test files, alone (vitest.config.ts, project 'bursts'). */
let proc: Awaited<ReturnType<typeof startServerProcess>>;
beforeAll(async () => {
  proc = await startServerProcess();
});
afterAll(() => proc.close());

describe('image bomb at registration', () => {
  it('four 16000x16000 PNGs at once are refused from their header; memory stays flat and /api/health answers, not starved', async () => {
    const bomb = await sharp({ create: { width: 16000, height: 16000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const face = await plainJpeg();
    const rssBefore = await rssOf(proc.pid);
    const quiet = await quietHealthP95(proc.url);
    const health = watchHealth(proc.url);
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        postRegister(proc.url, { ...GOOD_FIELDS, email: `bomb${i}@school.test` }, [
          { data: face },
          { data: bomb, type: 'image/png', name: 'b.png' },
          { data: face },
        ]),
      ),
    );
    const latencies = await health.stop();
    for (const a of answers) {
      expect(a.status).toBe(400);
      expect(a.body.message).toBe(MSG.register.imageTooManyPixels(2));
    }
    expectHealthNotStarved(quiet, latencies);
    expect((await rssOf(proc.pid)) - rssBefore).toBeLessThan(200 * 1024 * 1024);
    expect(await proc.db.selectFrom('users').select('id').execute()).toEqual([]);
  });
});
