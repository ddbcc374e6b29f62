import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { signTestToken } from '../helpers/test-server';
import { hasChromium, routerState, screenshot, setStoredToken, storage, toastWith } from './support/browser';
import { useBrowserSchool } from './support/school';

describe.skipIf(!hasChromium)('route guard (SPEC 4) in Chromium', () => {
  const school = useBrowserSchool();
  const users = {} as Record<'student' | 'teacher' | 'admin', { id: number; token: string; username: string }>;

  beforeAll(async () => {
    for (const role of ['student', 'teacher', 'admin'] as const) {
      const username = `guard${role}`;
      const { id } = await school.createUser({ role, username, department: role === 'admin' ? undefined : 'BCA' });
      users[role] = { id, username, token: await signTestToken({ user_id: id, role, username }) };
    }
  });

  const open = () => school.newPage();

  it('sends a visitor without a token to /login, keeping the origin and replacing the history entry', async () => {
    const { page, context } = await open();
    await page.goto('/about-us');
    await page.goto('/student-dashboard');
    await page.waitForURL('**/login');
    expect(await routerState(page)).toMatchObject({ from: { pathname: '/student-dashboard' } });
    await page.waitForTimeout(300);
    expect(await toastWith(page, /./).count()).toBe(0);
    await page.goBack();
    await page.waitForURL('**/about-us');
    await context.close();
  });

  it('logs an undecodable token, removes it and goes to /login without a message', async () => {
    const { page, context, consoleErrors } = await open();
    await setStoredToken(page, 'not-a-jwt');
    await page.goto('/teacher-dashboard');
    await page.waitForURL('**/login');
    expect(await storage(page, 'token')).toBeNull();
    expect(consoleErrors.some((line) => line.includes('Invalid token'))).toBe(true);
    await page.waitForTimeout(300);
    expect(await toastWith(page, /./).count()).toBe(0);
    expect(await routerState(page)).toMatchObject({ from: { pathname: '/teacher-dashboard' } });
    await context.close();
  });

  it('removes an expired token, sets sessionExpired and says so on /login', async () => {
    const { page, context } = await open();
    const expired = await signTestToken({ user_id: users.student.id, role: 'student' }, { exp: Math.floor(Date.now() / 1000) - 5 });
    await setStoredToken(page, expired);
    await page.goto('/student-dashboard');
    await page.waitForURL('**/login');
    await toastWith(page, MSG.guard.sessionExpired).waitFor();
    expect(await storage(page, 'token')).toBeNull();
    expect(await storage(page, 'sessionExpired')).toBe('true');
    await screenshot(page, 'guard-session-expired');
    await context.close();
  });

  it.each([
    ['student', '/admin-dashboard'],
    ['student', '/teacher-dashboard'],
    ['teacher', '/student-dashboard'],
    ['teacher', '/admin-dashboard'],
  ] as const)('denies a %s on %s with the message and a redirect to /', async (role, path) => {
    const { page, context } = await open();
    await setStoredToken(page, users[role].token);
    await page.goto(path);
    await toastWith(page, MSG.guard.accessDenied).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await storage(page, 'token')).toBe(users[role].token);
    if (role === 'student' && path === '/admin-dashboard') await screenshot(page, 'guard-access-denied');
    await context.close();
  });

  it.each([
    ['student', '/student-dashboard'],
    ['teacher', '/teacher-dashboard'],
    ['admin', '/admin-dashboard'],
    ['admin', '/student-dashboard'],
    ['admin', '/teacher-dashboard'],
  ] as const)('shows %s the page %s with their name and a working Logout that revokes the token', async (role, path) => {
    // Logout revokes the user's tokens: each case signs in afresh, at the user's current token version.
    const { token_version } = await school.server.db.selectFrom('users').select('token_version').where('id', '=', users[role].id).executeTakeFirstOrThrow();
    const token = await signTestToken({ user_id: users[role].id, role, username: users[role].username, tv: token_version });
    const { page, context } = await open();
    await setStoredToken(page, token);
    await page.goto(path);
    await page.getByRole('heading', { name: MSG.dashboard.welcome(users[role].username) }).waitFor();
    expect(new URL(page.url()).pathname).toBe(path);
    if (role === 'student') await screenshot(page, 'dashboard-student');
    await page.getByRole('button', { name: MSG.nav.logout }).click();
    await page.waitForURL('**/login');
    expect(await storage(page, 'token')).toBeNull();
    const after = await fetch(`${school.server.url}/trpc/auth.me`, { headers: { authorization: `Bearer ${token}` } });
    expect(after.status).toBe(401);
    await context.close();
  });

  it.each([
    ['student', '/student-dashboard'],
    ['teacher', '/teacher-dashboard'],
    ['admin', '/admin-dashboard'],
  ] as const)('sends a %s whose stored token the server refuses (forged) from %s to /login, saying the session expired', async (role, path) => {
    const { page, context } = await open();
    const forged = await signTestToken(
      { user_id: users[role].id, role, username: users[role].username },
      { secret: 'another-secret-that-is-long-enough-for-hs256' },
    );
    await setStoredToken(page, forged);
    await page.goto(path);
    await page.waitForURL('**/login', { timeout: 10_000 });
    await toastWith(page, MSG.guard.sessionExpired).waitFor();
    expect(await storage(page, 'token')).toBeNull();
    expect(await storage(page, 'sessionExpired')).toBe('true');
    expect(await routerState(page)).toMatchObject({ from: { pathname: path } });
    await context.close();
  });

  it('sends a user whose account no longer exists (token still signed) to /login', async () => {
    const { page, context } = await open();
    const gone = await signTestToken({ user_id: 999_999, role: 'teacher', username: 'gone' });
    await setStoredToken(page, gone);
    await page.goto('/teacher-dashboard');
    await page.waitForURL('**/login', { timeout: 10_000 });
    await toastWith(page, MSG.guard.sessionExpired).waitFor();
    expect(await storage(page, 'token')).toBeNull();
    await context.close();
  });

  it('shows the 404 message for an unknown path', async () => {
    const { page, context } = await open();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: MSG.notFound }).waitFor();
    await context.close();
  });
});
