import { TRPCClientError } from '@trpc/client';
import type { AppRouter } from '../_app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, postJson, trpcClient } from '@harness/api-client';
import { createTestUser, signTestToken, startTestServer, type TestServer } from '@tests/helpers/test-server';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

async function tokenFor(role: 'student' | 'teacher' | 'admin') {
  const u = await createTestUser(srv.db, { role, department: 'MBA' });
  const res = await postJson(`${srv.url}/api/login`, { email: u.email, password: u.password });
  return { ...u, token: res.body.token as string };
}

async function codeOf(p: Promise<unknown>) {
  try {
    await p;
    return 'OK';
  } catch (e) {
    expect(e).toBeInstanceOf(TRPCClientError);
    return (e as TRPCClientError<AppRouter>).data?.code as string;
  }
}

describe('tokens', () => {
  it('auth.me answers the signed-in user without any password hash', async () => {
    const s = await tokenFor('student');
    const me = await trpcClient(srv.url, s.token).auth.me.query();
    expect(me).toMatchObject({ id: s.id, role: 'student', status: 'active', department: { name: 'MBA' } });
    expect(JSON.stringify(me)).not.toMatch(/argon2|password/);
  });

  it('refuses no token, an expired token, a tampered token and a token signed with another secret', async () => {
    const s = await tokenFor('student');
    expect(await codeOf(trpcClient(srv.url).auth.me.query())).toBe('UNAUTHORIZED');
    const expired = await signTestToken({ user_id: s.id, role: 'student' }, { exp: Math.floor(Date.now() / 1000) - 5 });
    expect(await codeOf(trpcClient(srv.url, expired).auth.me.query())).toBe('UNAUTHORIZED');
    const [h, , sig] = s.token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ user_id: s.id, role: 'admin', exp: 9999999999 })).toString('base64url');
    expect(await codeOf(trpcClient(srv.url, `${h}.${forgedPayload}.${sig}`).admin.users.query())).toBe('UNAUTHORIZED');
    const otherSecret = await signTestToken({ user_id: s.id, role: 'admin' }, { secret: 'another-secret-another-secret-another-secret' });
    expect(await codeOf(trpcClient(srv.url, otherSecret).auth.me.query())).toBe('UNAUTHORIZED');
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${forgedPayload}.`;
    expect(await codeOf(trpcClient(srv.url, none).auth.me.query())).toBe('UNAUTHORIZED');
  });

  it('refuses a valid token once its user is deactivated or deleted', async () => {
    const s = await tokenFor('teacher');
    expect(await codeOf(trpcClient(srv.url, s.token).auth.me.query())).toBe('OK');
    await srv.db.updateTable('users').set({ status: 'inactive' }).where('id', '=', s.id).execute();
    expect(await codeOf(trpcClient(srv.url, s.token).auth.me.query())).toBe('UNAUTHORIZED');
    await srv.db.deleteFrom('users').where('id', '=', s.id).execute();
    expect(await codeOf(trpcClient(srv.url, s.token).auth.me.query())).toBe('UNAUTHORIZED');
  });
});

describe('role tiers', () => {
  it('a student or teacher calling an admin procedure gets FORBIDDEN; an admin gets the users without hashes', async () => {
    const student = await tokenFor('student');
    const teacher = await tokenFor('teacher');
    const admin = await tokenFor('admin');
    expect(await codeOf(trpcClient(srv.url, student.token).admin.users.query())).toBe('FORBIDDEN');
    expect(await codeOf(trpcClient(srv.url, teacher.token).admin.users.query())).toBe('FORBIDDEN');
    const users = await trpcClient(srv.url, admin.token).admin.users.query();
    expect(users.map((u) => u.id)).toEqual(expect.arrayContaining([student.id, teacher.id, admin.id]));
    expect(JSON.stringify(users)).not.toMatch(/argon2|password_hash/);
  });

  it('tRPC login speaks the same error codes as REST', async () => {
    const e = await trpcClient(srv.url)
      .auth.login.mutate({ email: 'ghost@school.test', password: 'x' })
      .catch((err) => err);
    expect(e.data).toMatchObject({ code: 'NOT_FOUND', errorCode: 'EMAIL_NOT_FOUND' });
  });
});

describe('the process', () => {
  it('answers health, a JSON 404 under /api and the SPA elsewhere', async () => {
    expect((await getJson(`${srv.url}/api/health`)).body).toEqual({ ok: true });
    const missing = await getJson(`${srv.url}/api/nope`);
    expect(missing.status).toBe(404);
    expect(missing.body.success).toBe(false);
    const page = await fetch(`${srv.url}/some/unknown/page`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });

  it('never sends a stack trace for an internal error', async () => {
    const res = await fetch(`${srv.url}/trpc/auth.me`, { headers: { authorization: 'Bearer x.y.z' } });
    const text = await res.text();
    expect(text).not.toMatch(/at .*\.(js|ts):\d+/);
  });
});
