import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '@server/auth/device-cookie';
import { MSG } from '@shared/messages';
import { postJson } from '@harness/api-client';
import { signTestToken } from '../helpers/test-server';
import { hasChromium, screenshot, setStoredToken, storage, toastWith } from './support/browser';
import { delayUntilNavigation, recordTimings } from './support/timings';
import { useBrowserSchool } from './support/school';

/** The login screen signs in through tRPC (auth.login), batched under /trpc. */
const LOGIN_CALL = /\/trpc\/auth\.login\b/;

const PASSWORD = 'Sup3r$ecret';

describe.skipIf(!hasChromium)('login page in Chromium', () => {
  const school = useBrowserSchool();

  async function fillAndSubmit(page: Page, email: string, password: string) {
    await page.getByLabel(MSG.login.emailLabel).fill(email);
    await page.getByLabel(MSG.login.passwordLabel, { exact: true }).fill(password);
    await page.getByRole('button', { name: MSG.login.submit }).click();
  }

  it.each([
    ['student', '/student-dashboard'],
    ['teacher', '/teacher-dashboard'],
    ['admin', '/admin-dashboard'],
  ] as const)('logs in as %s, clears sessionExpired and redirects to %s after 1.5 s', async (role, home) => {
    const user = await school.createUser({ role, username: `login${role}`, password: PASSWORD, department: role === 'admin' ? undefined : 'MBA' });
    const { page, context } = await school.newPage();
    await page.addInitScript(recordTimings, 3_500);
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('sessionExpired', 'true'));
    await fillAndSubmit(page, user.email, PASSWORD);
    await toastWith(page, MSG.login.success).waitFor();
    await page.waitForURL(`**${home}`);
    const delay = await delayUntilNavigation(page, (m) => m.what === 'token', home);
    // At least the pause (a slow machine only lengthens it), and before a 3.5-s timer started with it in the page.
    expect(delay.ms).toBeGreaterThanOrEqual(1_450);
    expect(delay.beforeReference).toBe(true);
    expect(await storage(page, 'token')).toBeTruthy();
    expect(await storage(page, 'sessionExpired')).toBeNull();
    await page.getByRole('heading', { name: MSG.dashboard.welcome(`login${role}`) }).waitFor();
    await context.close();
  });

  it('shows the SPEC 8 messages for an unknown email, a wrong password and a pending account', async () => {
    const active = await school.createUser({ role: 'student', password: PASSWORD, department: 'BCA' });
    const pending = await school.createUser({ role: 'student', password: PASSWORD, department: 'BCA', status: 'pending' });
    const { page, context } = await school.newPage();
    await page.goto('/login');

    await fillAndSubmit(page, 'nobody@school.test', PASSWORD);
    await toastWith(page, MSG.login.emailNotFound).waitFor();
    await screenshot(page, 'login-email-not-found');

    await fillAndSubmit(page, active.email, 'Wr0ng$pass');
    await toastWith(page, MSG.login.invalidCredentials).waitFor();

    await fillAndSubmit(page, pending.email, PASSWORD);
    await toastWith(page, MSG.login.pending).waitFor();
    expect(await storage(page, 'token')).toBeNull();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('shows the server message or the fallbacks for other failures and for no response', async () => {
    const { page, context } = await school.newPage();
    await page.goto('/login');

    await page.route(LOGIN_CALL, (route) => route.fulfill({ status: 500, contentType: 'text/html', body: 'oops' }));
    await fillAndSubmit(page, 'a@b.co', PASSWORD);
    await toastWith(page, MSG.login.generic).waitFor();

    await page.unroute(LOGIN_CALL);
    await page.route(LOGIN_CALL, (route) => route.abort('connectionrefused'));
    await fillAndSubmit(page, 'a@b.co', PASSWORD);
    await toastWith(page, MSG.login.noResponse).waitFor();
    await context.close();
  });

  it('requires email and password, and toggles the password visibility', async () => {
    const { page, context } = await school.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: MSG.login.submit }).click();
    await page.getByText(MSG.validation.emailRequired).waitFor();
    await page.getByText(MSG.validation.passwordRequired).waitFor();
    // The first invalid field takes the focus and names its error, so a screen reader hears what to fix.
    const email = page.getByLabel(MSG.login.emailLabel);
    expect(await email.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await email.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe(MSG.validation.emailRequired);

    const password = page.getByLabel(MSG.login.passwordLabel, { exact: true });
    await password.fill('secret');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: MSG.login.showPassword }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: MSG.login.hidePassword }).click();
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('link', { name: MSG.login.registerLink }).click();
    await page.waitForURL('**/register');
    await context.close();
  });

  it('shows the global loading overlay while the request is in flight', async () => {
    const { page, context } = await school.newPage();
    await page.goto('/login');
    await page.route(LOGIN_CALL, async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await fillAndSubmit(page, 'nobody@school.test', PASSWORD);
    await page.getByTestId('loading-overlay').waitFor();
    await screenshot(page, 'loading-overlay');
    await page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
    await context.close();
  });

  it.each([
    ['student', '/student-dashboard'],
    ['teacher', '/teacher-dashboard'],
    ['admin', '/admin-dashboard'],
  ] as const)('sends a visitor whose stored token says %s straight to %s', async (role, home) => {
    const user = await school.createUser({ role, department: role === 'admin' ? undefined : 'IMCA' });
    const { page, context } = await school.newPage();
    await setStoredToken(page, await signTestToken({ user_id: user.id, role }));
    await page.goto('/login');
    await page.waitForURL(`**${home}`);
    await context.close();
  });
  it("keeps the device cookie: a classmate's wrong passwords from the same address do not lock this browser out", async () => {
    const owner = await school.createUser({ role: 'student', password: PASSWORD, department: 'BCA' });
    const { page, context } = await school.newPage();
    await page.goto('/login');
    await fillAndSubmit(page, owner.email, PASSWORD);
    await page.waitForURL('**/student-dashboard');
    const device = (await context.cookies()).find((c) => c.name === DEVICE_COOKIE);
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    expect(await page.evaluate(() => document.cookie)).not.toContain(DEVICE_COOKIE);

    // The classmate, behind the same school address (every request here is 127.0.0.1), guesses until refused.
    let status = 0;
    for (let i = 0; i < 12 && status !== 429; i++)
      status = (await postJson(`${school.server.url}/api/login`, { email: owner.email, password: 'Wr0ng$pass' })).status;
    expect(status).toBe(429);

    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await fillAndSubmit(page, owner.email, PASSWORD);
    await page.waitForURL('**/student-dashboard');
    await context.close();
  });
});
