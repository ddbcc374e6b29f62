import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { type AttackRequest, attackFromAnotherProcess, startAttacker } from '@harness/attacker';
import { expectHealthNotStarved, quietHealthP95 } from '@tests/helpers/health-starvation';
import { GOOD_FIELDS, plainJpeg } from '@harness/api-client';
import { watchHealth } from '@harness/health-watch';
import { startServerProcess } from '@tests/helpers/server-process';

/** Timing-sensitive: runs after the other test files, alone (vitest.config.ts, project 'bursts'). */
let proc: Awaited<ReturnType<typeof startServerProcess>>;
beforeAll(async () => {
  proc = await startServerProcess({ REGISTER_MAX_PER_HOUR: '3', TRUST_PROXY: 'loopback' });
});
afterAll(() => proc.close());

async function registerFrom(ip: string, fields: Record<string, string>, image: Buffer) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (let i = 0; i < 3; i++) form.append('images', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), `f${i}.jpg`);
  const res = await fetch(`${proc.url}/api/register`, { method: 'POST', body: form, headers: { 'x-forwarded-for': ip } });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
}

/** The same upload as a request another process sends: the multipart body encoded once, here. */
async function registrationRequest(ip: string, fields: Record<string, string>, image: Buffer): Promise<AttackRequest> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (let i = 0; i < 3; i++) form.append('images', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), `f${i}.jpg`);
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  return {
    url: `${proc.url}/api/register`,
    headers: { 'content-type': encoded.headers.get('content-type') ?? '', 'x-forwarded-for': ip },
    bodyBase64: body.toString('base64'),
  };
}

describe('registration rate limit per address', () => {
  it('a burst of 40 registrations from one address: 3 are read, the rest get 429 unread; /api/health answers throughout, not starved', async () => {
    const image = await plainJpeg();
    // An unknown department fails after the limit but before the face engine: what is measured is the limit alone.
    const fields = { ...GOOD_FIELDS, department_name: 'HISTORY' };
    // The burst comes from another process, as from another machine: the test process only watches /api/health, so
    // what it measures is the server (sending 40 uploads from here measured this process's own busy event loop).
    // A server that has been running: the same burst once, from another address, so its code is compiled.
    await attackFromAnotherProcess(Array(40).fill(await registrationRequest('198.51.100.29', fields, image)));
    const burst = Array(40).fill(await registrationRequest('198.51.100.30', fields, image));
    const attacker = await startAttacker();
    const quiet = await quietHealthP95(proc.url);
    const health = watchHealth(proc.url);
    const answers = await attacker.send(burst);
    const latencies = await health.stop();
    expect(answers.filter((a) => a.status === 400)).toHaveLength(3);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(37);
    expect(JSON.parse(refused[0].text)).toMatchObject({ success: false, message: MSG.register.tooMany });
    expect(Number(refused[0].headers?.['retry-after'])).toBeGreaterThan(0);
    expectHealthNotStarved(quiet, latencies);
    // Another address is not affected, and the tRPC twin shares the same allowance.
    expect((await registerFrom('198.51.100.31', fields, image)).status).toBe(400);
    const viaTrpc = await fetch(`${proc.url}/trpc/auth.register`, { method: 'POST', body: new FormData(), headers: { 'x-forwarded-for': '198.51.100.30' } });
    expect(viaTrpc.status).toBe(429);
  });
});
