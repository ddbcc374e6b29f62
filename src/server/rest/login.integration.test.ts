import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages';
import { postJson } from '../../../tests/helpers/http';
import { createTestUser, startTestServer, type TestServer } from '../../../tests/helpers/test-server';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ env: { LOGIN_MAX_FAILURES: '3' } });
});
afterAll(() => srv.close());

const login = (email: string, password: string) => postJson(`${srv.url}/api/login`, { email, password });

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
    const u = await createTestUser(srv.db, { role: 'student', status: 'inactive' });
    const res = await login(u.email, u.password);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, error_code: 'ACCOUNT_PENDING', message: MSG.login.pending });
    expect((await login(u.email, 'Wrong-pass1')).body.error_code).toBe('INVALID_CREDENTIALS');
  });

  it.each([
    [{ email: '', password: 'x' }, MSG.validation.emailRequired],
    [{ email: 'a@b.c', password: '' }, MSG.validation.passwordRequired],
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

  it('locks an email with 429 after repeated failures, even for the right password, with Retry-After', async () => {
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

  it('slows an address that guesses across many emails', async () => {
    let last = 0;
    for (let i = 0; i < 13; i++) last = (await login(`guess${i}@school.test`, 'Wrong-pass1')).status;
    expect(last).toBe(429);
  });
});
