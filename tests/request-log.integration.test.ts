import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainJpeg } from '../scripts/harness/api-client';
import { type ServerProcess, startServerProcess } from './helpers/server-process';
import { createTestUser } from './helpers/test-server';

/** The server's stdout in production: one JSON object a line, a request id on each request's line. */
describe('request logs in production mode', () => {
  let srv: ServerProcess;
  beforeAll(async () => {
    srv = await startServerProcess({ NODE_ENV: 'production', LOG_LEVEL: 'info' });
  });
  afterAll(() => srv?.close());

  /** The log lines after the URL line, once the line of the request with this id is written (it follows the answer). */
  async function linesUntil(requestId: string) {
    for (let i = 0; i < 200; i++) {
      const lines = srv.stdout().trim().split('\n').slice(1);
      if (lines.some((l) => l.includes(requestId))) return lines;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no log line for request ${requestId} in:\n${srv.stdout()}`);
  }

  it('logs a login and an upload as JSON lines with the request id, path, status and user id, never the password, token or image', async () => {
    const user = await createTestUser(srv.db, { role: 'student', password: 'Log-Secret-Pass1!' });
    const login = await fetch(`${srv.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'rc_device=cookie-value-never-logged' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const loginId = login.headers.get('x-request-id');
    expect(loginId).toMatch(/^[0-9a-f-]{36}$/);

    const image = await plainJpeg();
    const form = new FormData();
    form.append('username', user.username);
    form.append('images', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'face.jpg');
    const upload = await fetch(`${srv.url}/api/update/${user.id}?sig=query-never-logged`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'proxy-trace-0001' },
      body: form,
    });
    expect(upload.headers.get('x-request-id')).toBe('proxy-trace-0001');

    const lines = await linesUntil('proxy-trace-0001');
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const loginLine = entries.find((e) => e.reqId === loginId);
    expect(loginLine).toMatchObject({ req: { method: 'POST', path: '/api/login' }, res: { status: 200 } });
    expect(typeof loginLine?.responseTime).toBe('number');
    const uploadLine = entries.find((e) => e.reqId === 'proxy-trace-0001');
    expect(uploadLine).toMatchObject({ req: { method: 'PUT', path: `/api/update/${user.id}` }, res: { status: upload.status }, user_id: user.id });

    const out = srv.stdout();
    for (const secret of [
      user.password,
      token,
      token.split('.')[2],
      'cookie-value-never-logged',
      'query-never-logged',
      image.toString('base64').slice(0, 40),
    ]) {
      expect(out.includes(secret), `stdout holds ${secret.slice(0, 12)}...`).toBe(false);
    }
  });

  it('replaces an incoming request id that does not look like one', async () => {
    const res = await fetch(`${srv.url}/api/health`, { headers: { 'x-request-id': 'bad id\twith "quotes" and spaces' } });
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const lines = await linesUntil(id!);
    expect(lines.some((l) => l.includes('bad id'))).toBe(false);
  });
});
