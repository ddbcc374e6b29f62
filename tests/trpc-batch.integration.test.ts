import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrpcClient } from '../src/client/lib/api/trpc';
import { STORAGE_KEYS, TRPC_MAX_BATCH } from '../src/shared/constants';
import { signInTestUser, startTestServer, type TestServer } from './helpers/test-server';

/** Issue 18, section 6: one request may not fan out into hundreds of procedure calls. */
let srv: TestServer;
let token: string;
beforeAll(async () => {
  srv = await startTestServer();
  token = (await signInTestUser(srv, { role: 'student' })).token;
});
afterAll(() => srv.close());

const getBatch = async (calls: number) => {
  const paths = Array.from({ length: calls }, () => 'auth.me').join(',');
  const res = await fetch(`${srv.url}/trpc/${paths}?batch=1`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as unknown };
};

describe('tRPC batch size', () => {
  it('a GET batch of 500 calls is refused with 400; one of 20 is answered', async () => {
    expect(TRPC_MAX_BATCH).toBe(20);
    expect((await getBatch(500)).status).toBe(400);
    expect((await getBatch(21)).status).toBe(400);
    const twenty = await getBatch(20);
    expect(twenty.status).toBe(200);
    expect(twenty.body).toHaveLength(20);
  });

  it("the browser's client splits 45 simultaneous queries into batches the server accepts", async () => {
    const sent: number[] = [];
    const realFetch = globalThis.fetch;
    const store = new Map<string, string>([[STORAGE_KEYS.token, token]]);
    // The browser's globals, pointed at the test server: the client's own link does the batching.
    Object.assign(globalThis, {
      localStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: () => undefined, removeItem: () => undefined },
      fetch: (url: string, init?: RequestInit) => {
        sent.push(new URL(url, 'http://x').pathname.split(',').length);
        return realFetch(`${srv.url}${url}`, init);
      },
    });
    try {
      const client = createTrpcClient();
      const answers = await Promise.all(Array.from({ length: 45 }, () => client.auth.me.query()));
      expect(answers.every((me) => me.role === 'student')).toBe(true);
      expect(Math.max(...sent)).toBeLessThanOrEqual(TRPC_MAX_BATCH);
      expect(sent.reduce((a, b) => a + b, 0)).toBe(45);
    } finally {
      Object.assign(globalThis, { fetch: realFetch, localStorage: undefined });
    }
  });
});
