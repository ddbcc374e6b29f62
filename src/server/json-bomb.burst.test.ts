import { describe, expect, it, onTestFinished } from 'vitest';
import { MSG } from '../shared/messages';
import { attackFromAnotherProcess } from '@harness/attacker';
import { expectHealthNotStarved, quietHealthP95 } from '@tests/helpers/health-starvation';
import { watchHealth } from '@harness/health-watch';
import { rssOf } from '@harness/server-process';
import { startServerProcess } from '@tests/helpers/server-process';

/** Timing-sensitive: runs after the other test files, alone (vitest.config.ts, project 'bursts'). */
describe('the JSON bomb', () => {
  it('the JSON bomb: 12 bodies of 6.7 MB [[[...]]] at once are refused unread; /api/health answers throughout, not starved', async () => {
    // Server, attacker and the health probe each in their own process, as in real life.
    const proc = await startServerProcess();
    onTestFinished(() => proc.close());
    const rssBefore = await rssOf(proc.pid);
    const quiet = await quietHealthP95(proc.url);
    const health = watchHealth(proc.url);
    const targets = [
      ['/trpc/auth.login', { 'content-type': 'application/json' }],
      ['/trpc/auth.login', {}],
      ['/trpc/auth.login', { 'content-type': 'text/plain' }],
      ['/api/login', { 'content-type': 'application/json' }],
    ] as const;
    const answers = await attackFromAnotherProcess(
      Array.from({ length: 12 }, (_, i) => ({ url: `${proc.url}${targets[i % 4][0]}`, headers: { ...targets[i % 4][1] }, nestedArrays: 3_350_000 })),
    );
    const latencies = await health.stop();
    for (const a of answers) {
      expect(a.status).toBe(413);
      expect(JSON.parse(a.text)).toMatchObject({ success: false, message: MSG.server.tooLarge });
    }
    expectHealthNotStarved(quiet, latencies);
    expect((await rssOf(proc.pid)) - rssBefore).toBeLessThan(100 * 1024 * 1024);
  });
});
