import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, postJson, trpcClient } from '@harness/api-client';
import { createTestUser, startTestServer, type TestServer } from '@tests/helpers/test-server';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

const post = (path: string, body: string | FormData, headers: Record<string, string> = {}) =>
  fetch(`${srv.url}${path}`, { method: 'POST', headers, body }).then(async (r) => ({ status: r.status, text: await r.text() }));

describe('JSON body limits', () => {
  it('a small but deeply nested body is refused with 400 before it is parsed', async () => {
    const deep = JSON.stringify({ email: 'a@b.c', password: 'x', extra: JSON.parse('['.repeat(40) + ']'.repeat(40)) });
    for (const path of ['/trpc/auth.login', '/api/login', '/api/mark_attendance']) {
      const res = await post(path, deep, { 'content-type': 'application/json' });
      expect(res.status, path).toBe(path === '/api/mark_attendance' ? 401 : 400);
    }
    const student = await createTestUser(srv.db, { role: 'student', department: 'BCA' });
    const token = (await postJson(`${srv.url}/api/login`, { email: student.email, password: student.password })).body.token;
    const marked = await fetch(`${srv.url}/api/mark_attendance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: deep,
    });
    expect(marked.status).toBe(400);
  });

  it('a body over 16 KB to a JSON route is 413; a multipart body to a JSON procedure is refused', async () => {
    const big = JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(17 * 1024) });
    expect((await post('/trpc/auth.login', big, { 'content-type': 'application/json' })).status).toBe(413);
    expect((await post('/api/login', big, { 'content-type': 'application/json' })).status).toBe(413);
    const form = new FormData();
    form.append('email', 'a@b.c');
    expect((await post('/trpc/auth.login', form)).status).toBe(415);
  });

  it('ordinary calls still work, batched or not', async () => {
    const u = await createTestUser(srv.db, { role: 'teacher', department: 'BCA' });
    const { token } = await trpcClient(srv.url).auth.login.mutate({ email: u.email, password: u.password });
    expect((await trpcClient(srv.url, token).auth.me.query()).id).toBe(u.id);
    const batch = await getJson(`${srv.url}/trpc/auth.me,admin.departments?batch=1&input=${encodeURIComponent('{}')}`, token);
    expect(batch.status).toBe(200);
    expect(batch.body).toHaveLength(2);
  });
});

describe('caching', () => {
  it('JSON answers carry Cache-Control: no-store', async () => {
    const u = await createTestUser(srv.db, { role: 'student', department: 'BCA' });
    const login = await postJson(`${srv.url}/api/login`, { email: u.email, password: u.password });
    expect(login.headers.get('cache-control')).toBe('no-store');
    expect((await postJson(`${srv.url}/api/login`, { email: u.email, password: 'Wrong-pass1' })).headers.get('cache-control')).toBe('no-store');
    expect((await getJson(`${srv.url}/api/get_student_profile`, login.body.token)).headers.get('cache-control')).toBe('no-store');
    expect((await getJson(`${srv.url}/api/health`)).headers.get('cache-control')).toBe('no-store');
    expect((await getJson(`${srv.url}/trpc/auth.me`, login.body.token)).headers.get('cache-control')).toBe('no-store');
    expect((await getJson(`${srv.url}/api/nope`)).headers.get('cache-control')).toBe('no-store');
  });
});
