import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestServer, type TestServer } from '@tests/helpers/test-server';
import { manualClock } from '@tests/helpers/manual-clock';
import { DEVICE_COOKIE } from '@server/auth/device-cookie';

/**
 * OWASP device cookies (issue 18, section 5). Every request here comes from 127.0.0.1, as a whole class behind one
 * school NAT does: the owner's browser, which logged in before, and the classmate guessing the owner's password.
 */
let srv: TestServer;
const clock = manualClock(new Date('2026-03-02T04:00:00Z'));
beforeAll(async () => {
  srv = await startTestServer({ clock, env: { LOGIN_MAX_FAILURES: '3' } });
});
afterAll(() => srv.close());

type Door = (email: string, password: string, cookie?: string) => Promise<{ status: number; setCookie: string | null }>;

const rest: Door = async (email, password, cookie) => {
  const res = await fetch(`${srv.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie && { cookie }) },
    body: JSON.stringify({ email, password }),
  });
  await res.arrayBuffer();
  return { status: res.status, setCookie: res.headers.get('set-cookie') };
};

/** auth.login as the browser's httpBatchLink sends it: a batch of one, cookies sent by the browser itself. */
const trpc: Door = async (email, password, cookie) => {
  const res = await fetch(`${srv.url}/trpc/auth.login?batch=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie && { cookie }) },
    body: JSON.stringify({ 0: { email, password } }),
  });
  const body = (await res.json()) as [{ error?: { data: { httpStatus: number } } }];
  return { status: body[0].error?.data.httpStatus ?? res.status, setCookie: res.headers.get('set-cookie') };
};

/** The `name=value` a browser sends back from a Set-Cookie header. */
const sentBack = (setCookie: string | null) => {
  expect(setCookie).toBeTruthy();
  return setCookie!.split(';')[0];
};

describe.each([
  ['POST /api/login', rest],
  ['tRPC auth.login', trpc],
])('device cookies through %s', (_door, login) => {
  it('sets a long-lived HttpOnly, SameSite=Strict device cookie after a successful login only', async () => {
    const u = await createTestUser(srv.db, { role: 'student' });
    expect((await login(u.email, 'Wrong-pass1')).setCookie).toBeNull();
    const { status, setCookie } = await login(u.email, u.password);
    expect(status).toBe(200);
    expect(setCookie).toMatch(new RegExp(`^${DEVICE_COOKIE}=v1\\.`));
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Strict/);
    expect(setCookie).toMatch(/; Max-Age=31536000/);
    // Over plain http it cannot be Secure (the browser would drop it); behind https it is (next test).
    expect(setCookie).not.toMatch(/; Secure/);
    // The cookie does not say whose it is.
    expect(decodeURIComponent(setCookie!)).not.toContain(u.email);
  });

  it("lets the owner's browser in while a classmate behind the same address is locked out by their guesses", async () => {
    const owner = await createTestUser(srv.db, { role: 'student' });
    const device = sentBack((await login(owner.email, owner.password)).setCookie);

    let refused = 0;
    for (let i = 0; i < 10 && refused === 0; i++) if ((await login(owner.email, 'Wrong-pass1')).status === 429) refused = i + 1;
    expect(refused).toBe(4);

    const ownerLogin = await login(owner.email, owner.password, device);
    expect(ownerLogin.status).toBe(200);
    // The owner's login did not release the address's count: the classmate is still refused, even with the right password.
    expect((await login(owner.email, 'Wrong-pass1')).status).toBe(429);
    expect((await login(owner.email, owner.password)).status).toBe(429);
    // The renewed cookie keeps working.
    expect((await login(owner.email, owner.password, sentBack(ownerLogin.setCookie))).status).toBe(200);
  });

  it('a forged cookie, a cookie of another email or one older than a year gets no exemption', async () => {
    const owner = await createTestUser(srv.db, { role: 'student' });
    const classmate = await createTestUser(srv.db, { role: 'student' });
    const ownDevice = sentBack((await login(owner.email, owner.password)).setCookie);
    const classmateDevice = sentBack((await login(classmate.email, classmate.password)).setCookie);
    for (let i = 0; i < 4; i++) await login(owner.email, 'Wrong-pass1');
    expect((await login(owner.email, owner.password)).status).toBe(429);

    const [name, value] = ownDevice.split('=');
    const parts = value.split('.');
    const flipped = parts[3][0] === 'A' ? 'B' : 'A';
    const forgeries = [
      `${name}=${[parts[0], parts[1], parts[2], flipped + parts[3].slice(1)].join('.')}`,
      `${name}=${[parts[0], 'AAAAAAAAAAAAAAAAAAAAAA', parts[2], parts[3]].join('.')}`,
      `${name}=garbage`,
      `${name}=${'x'.repeat(4000)}`,
      classmateDevice,
    ];
    for (const cookie of forgeries) expect((await login(owner.email, owner.password, cookie)).status, cookie.slice(0, 80)).toBe(429);

    clock.advance(366 * 24 * 3600 * 1000);
    // A year on, the address's count is long forgotten, but the old cookie is no device any more: it is counted as
    // the address, which a classmate's guesses lock again.
    for (let i = 0; i < 4; i++) await login(owner.email, 'Wrong-pass1');
    expect((await login(owner.email, owner.password, ownDevice)).status).toBe(429);
  });

  it("the owner's own wrong passwords with the cookie are still slowed, and a blocked device stays blocked", async () => {
    const owner = await createTestUser(srv.db, { role: 'student' });
    const device = sentBack((await login(owner.email, owner.password)).setCookie);
    for (let i = 0; i < 3; i++) expect((await login(owner.email, 'Wrong-pass1', device)).status).toBe(401);
    expect((await login(owner.email, 'Wrong-pass1', device)).status).toBe(429);
    expect((await login(owner.email, owner.password, device)).status).toBe(429);
    // The device's failures are its own: the address (anyone else behind the NAT) is not blocked by them.
    expect((await login(owner.email, owner.password)).status).toBe(200);
    expect((await login(owner.email, owner.password, device)).status).toBe(429);
    clock.advance(1000);
    expect((await login(owner.email, owner.password, device)).status).toBe(200);
  });
});

it('over https (X-Forwarded-Proto behind a trusted proxy) the cookie is Secure', async () => {
  const behindProxy = await startTestServer({ clock, env: { TRUST_PROXY: 'loopback' } });
  try {
    const u = await createTestUser(behindProxy.db, { role: 'student' });
    const res = await fetch(`${behindProxy.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
      body: JSON.stringify({ email: u.email, password: u.password }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/; Secure/);
  } finally {
    await behindProxy.close();
  }
});
