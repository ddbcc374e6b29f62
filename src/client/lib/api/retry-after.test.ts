import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { parseRetryAfter, RestRefusal, restData, retryAfterPolicy } from './retry-after';

type Reply = { status: number; retryAfter?: string; body: object };

/** A real HTTP server that gives the replies in turn (the last one again when they run out) and counts requests. */
async function serve(replies: Reply[]) {
  let served = 0;
  const server = createServer((_req, res) => {
    const reply = replies[Math.min(served++, replies.length - 1)];
    res.writeHead(reply.status, { 'Content-Type': 'application/json', ...(reply.retryAfter ? { 'Retry-After': reply.retryAfter } : {}) });
    res.end(JSON.stringify(reply.body));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, served: () => served };
}
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** One mutation through TanStack Query with the policy, as the pages run it; the mutationFn reads the answer as lib/api/rest.ts does. */
function send(url: string) {
  const observer = new MutationObserver(new QueryClient(), {
    ...retryAfterPolicy,
    mutationFn: async () => {
      const res = await fetch(url, { method: 'POST' });
      const data = await res.json();
      return restData(res.ok ? { ok: true, data } : { ok: false, status: res.status, data, retryAfter: res.headers.get('Retry-After') });
    },
  });
  return observer.mutate();
}

const busy = { status: 503, retryAfter: '1', body: { success: false, message: 'The face service is busy' } };

describe('the REST mutations retry policy', () => {
  it('sends the same request again after the 503 Retry-After asks, and resolves with the answer that follows', async () => {
    const server = await serve([busy, { status: 200, body: { success: true } }]);
    const started = Date.now();
    expect(await send(server.url)).toEqual({ success: true });
    expect(server.served()).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950); // it waited what the server asked, not less
  });

  it('retries a 429 with Retry-After too, at most twice, then gives the server its word', async () => {
    const server = await serve([{ ...busy, status: 429, body: { success: false, message: 'One check at a time' } }]);
    const refusal = await send(server.url).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(RestRefusal);
    expect(refusal).toMatchObject({ status: 429, message: 'One check at a time' });
    expect(server.served()).toBe(3);
  });

  it('does not wait when more than 10 s are asked: the first refusal is the answer', async () => {
    const server = await serve([
      { ...busy, retryAfter: '30' },
      { status: 200, body: { success: true } },
    ]);
    await expect(send(server.url)).rejects.toMatchObject({ status: 503, message: 'The face service is busy', retryAfterSeconds: 30 });
    expect(server.served()).toBe(1);
  });

  it('never repeats a verdict (400, 409) or a 503 that does not say when', async () => {
    for (const reply of [
      { status: 400, body: { success: false, message: 'No face detected' } },
      { status: 409, retryAfter: '1', body: { success: false, message: 'Email already registered' } },
      { status: 503, body: { success: false, message: 'busy' } },
    ]) {
      const server = await serve([reply, { status: 200, body: { success: true } }]);
      await expect(send(server.url)).rejects.toMatchObject({ status: reply.status, message: reply.body.message });
      expect(server.served()).toBe(1);
    }
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3);
    expect(parseRetryAfter('Thu, 26 Nov 2026 12:00:05 GMT', now)).toBe(5);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});
