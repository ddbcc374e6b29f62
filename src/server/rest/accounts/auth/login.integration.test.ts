import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { getJson, patchJson, postJson, trpcClient } from '@harness/api-client';
import { createTestUser, startTestServer, type TestServer } from '@tests/helpers/test-server';
import { manualClock } from '@tests/helpers/manual-clock';
import { createLoginGuard } from '@server/infra/login-guard';
import { changePassword, deactivateUser } from '@server/services/accounts/index';

let srv: TestServer;
const clock = manualClock(new Date('2026-03-02T04:00:00Z'));
beforeAll(async () => {
  // TRUST_PROXY lets a test speak from several addresses through X-Forwarded-For.
  srv = await startTestServer({ clock, env: { LOGIN_MAX_FAILURES: '3', TRUST_PROXY: 'loopback' } });
});
afterAll(() => srv.close());

const login = async (email: string, password: string, ip = '192.0.2.1') => {
  const res = await fetch(`${srv.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ email, password }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : undefined };
};

describe('POST /api/login', () => {
  it('returns a signed HS256 token carrying role, user_id and exp, and records last_login', async () => {
    const u = await createTestUser(srv.db, { role: 'teacher', department: 'BCA' });
    const res = await login(u.email.toUpperCase(), u.password);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const payload = decodeJwt(res.body.token);
    expect(payload).toMatchObject({ user_id: u.id, role: 'teacher' });
    const ttl = payload.exp! - payload.iat!;
    expect(ttl).toBe(8 * 3600);
    const row = await srv.db.selectFrom('users').select('last_login').where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.last_login).not.toBeNull();
    expect(res.text).not.toMatch(/argon2|password_hash/);
  });

  it('EMAIL_NOT_FOUND for an unknown email', async () => {
    const res = await login('nobody@school.test', 'Whatever1!');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, error_code: 'EMAIL_NOT_FOUND', message: MSG.login.emailNotFound });
  });

  it('INVALID_CREDENTIALS for a wrong password', async () => {
    const u = await createTestUser(srv.db, { role: 'student' });
    const res = await login(u.email, 'Wrong-pass1');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, error_code: 'INVALID_CREDENTIALS', message: MSG.login.invalidCredentials });
  });

  it('ACCOUNT_PENDING for an inactive account with the right password, INVALID_CREDENTIALS with the wrong one', async () => {
    const u = await createTestUser(srv.db, { role: 'student', status: 'pending' });
    const res = await login(u.email, u.password);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, error_code: 'ACCOUNT_PENDING', message: MSG.login.pending });
    expect((await login(u.email, 'Wrong-pass1')).body.error_code).toBe('INVALID_CREDENTIALS');
  });

  it.each([
    [{ email: '', password: 'x' }, MSG.validation.emailRequired],
    [{ email: 'a@b.c', password: '' }, MSG.validation.passwordRequired],
    [{ email: `${'a'.repeat(250)}@b.cd`, password: 'x' }, MSG.validation.emailTooLong],
    [{}, undefined],
  ])('VALIDATION_ERROR for %j', async (body, message) => {
    const res = await postJson(`${srv.url}/api/login`, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error_code: 'VALIDATION_ERROR' });
    if (message) expect(res.body.message).toBe(message);
  });

  it('refuses malformed JSON with a clear 400 and no stack trace', async () => {
    const res = await fetch(`${srv.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' });
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(JSON.parse(text).success).toBe(false);
    expect(text).not.toMatch(/at .*\.(js|ts):\d+/);
  });

  it('slows an email and address pair with 429 after repeated failures, even for the right password, with Retry-After', async () => {
    const u = await createTestUser(srv.db, { role: 'student' });
    for (let i = 0; i < 3; i++) expect((await login(u.email, 'Wrong-pass1')).status).toBe(401);
    const locked = await login(u.email, u.password);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ success: false, error_code: 'TOO_MANY_ATTEMPTS', message: MSG.login.tooMany });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account is not punished for it.
    const other = await createTestUser(srv.db, { role: 'student' });
    expect((await login(other.email, other.password)).status).toBe(200);
  });

  it('the delays grow: each wait allows one more guess, and the next wait is twice as long', async () => {
    const u = await createTestUser(srv.db, { role: 'student' });
    for (let i = 0; i < 3; i++) await login(u.email, 'Wrong-pass1');
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      const refused = await login(u.email, 'Wrong-pass1');
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get('retry-after'));
      waits.push(wait);
      clock.advance(wait * 1000);
      expect((await login(u.email, 'Wrong-pass1')).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4]);
    const refused = await login(u.email, u.password);
    expect(refused.status).toBe(429);
    clock.advance(Number(refused.headers.get('retry-after')) * 1000);
    expect((await login(u.email, u.password)).status).toBe(200);
    // The right password releases the pair: a typo afterwards costs nothing.
    expect((await login(u.email, 'Wrong-pass1')).status).toBe(401);
    expect((await login(u.email, u.password)).status).toBe(200);
  });

  it('failures from one address neither lock the address (a school NAT) nor the victim elsewhere', async () => {
    const victim = await createTestUser(srv.db, { role: 'student' });
    const attacker = '198.51.100.7';
    for (let i = 0; i < 25; i++) await login(`guess${i}@school.test`, 'Wrong-pass1', attacker);
    for (let i = 0; i < 6; i++) await login(victim.email, 'Wrong-pass1', attacker);
    expect((await login(victim.email, victim.password, attacker)).status).toBe(429);
    // The victim, from their own address, and a classmate behind the attacker's NAT both log in.
    expect((await login(victim.email, victim.password, '203.0.113.20')).status).toBe(200);
    const classmate = await createTestUser(srv.db, { role: 'student' });
    expect((await login(classmate.email, classmate.password, attacker)).status).toBe(200);
  });

  it('the counts are kept in the database: a restarted guard still makes the pair wait', async () => {
    const u = await createTestUser(srv.db, { role: 'student' });
    for (let i = 0; i < 3; i++) await login(u.email, 'Wrong-pass1', '192.0.2.44');
    const restarted = createLoginGuard(srv.db, clock, srv.deps.config.login);
    await expect(restarted.reserve(u.email, '192.0.2.44')).rejects.toMatchObject({ kind: 'TOO_MANY_REQUESTS' });
  });
});

describe('logout and token revocation', () => {
  const me = (token: string) => getJson(`${srv.url}/api/get_teacher_profile`, token);

  it('POST /api/logout revokes the token; logging in again gives a working one', async () => {
    const u = await createTestUser(srv.db, { role: 'teacher', department: 'BCA' });
    const { token } = (await login(u.email, u.password)).body;
    expect((await me(token)).status).toBe(200);
    expect((await postJson(`${srv.url}/api/logout`, {}, token)).body).toEqual({ success: true, message: MSG.auth.loggedOut });
    expect((await me(token)).status).toBe(401);
    expect((await postJson(`${srv.url}/api/logout`, {}, token)).status).toBe(401);
    const again = (await login(u.email, u.password)).body.token;
    expect((await me(again)).status).toBe(200);
  });

  it('auth.logout over tRPC revokes the token too', async () => {
    const u = await createTestUser(srv.db, { role: 'student' });
    const { token } = (await login(u.email, u.password)).body;
    const client = trpcClient(srv.url, token);
    expect((await client.auth.me.query()).id).toBe(u.id);
    await client.auth.logout.mutate();
    const err = await client.auth.me.query().catch((e) => e);
    expect(err.data.code).toBe('UNAUTHORIZED');
  });

  it('a password change or a deactivation revokes every token of the user', async () => {
    const u = await createTestUser(srv.db, { role: 'teacher', department: 'BCA' });
    const first = (await login(u.email, u.password)).body.token;
    const second = (await login(u.email, u.password)).body.token;
    await changePassword(srv, u.id, 'N3w!Password');
    expect((await me(first)).status).toBe(401);
    expect((await me(second)).status).toBe(401);
    expect((await login(u.email, u.password)).status).toBe(401);
    const fresh = (await login(u.email, 'N3w!Password')).body.token;
    expect((await me(fresh)).status).toBe(200);
    await deactivateUser(srv, u.id);
    expect((await me(fresh)).status).toBe(401);
  });

  it('a deactivated account is not pending: login says so, and approval does not reactivate it', async () => {
    const t = await createTestUser(srv.db, { role: 'teacher', department: 'BCA' });
    const s = await createTestUser(srv.db, { role: 'student', department: 'BCA' });
    await deactivateUser(srv, s.id);
    const res = await login(s.email, s.password);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error_code: 'ACCOUNT_INACTIVE', message: MSG.login.inactive });
    const teacherToken = (await login(t.email, t.password)).body.token;
    const pending = await getJson(`${srv.url}/api/pending_students_by_department`, teacherToken);
    expect(JSON.stringify(pending.body)).not.toContain(`"id":${s.id},`);
    const approve = await patchJson(`${srv.url}/api/approve_students`, { user_ids: [s.id] }, teacherToken);
    expect(approve.status).toBe(409);
    expect(approve.body.error).toBe(MSG.attendance.notPending);
    const row = await srv.db.selectFrom('users').select('status').where('id', '=', s.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('inactive');
  });
});
