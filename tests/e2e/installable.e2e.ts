import { describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { signInTestUser } from '../helpers/test-server';
import { hasChromium, screenshot } from './support/browser';
import { PHONE, useBrowserSchool } from './support/school';

/** Issue 24 section 4: the app on a phone's home screen registers its worker and still opens without a network. */
describe.skipIf(!hasChromium)('the installable app in Chromium', () => {
  const school = useBrowserSchool();

  it('registers the service worker, and offline a reload shows the cached shell with the offline notice', async () => {
    const { server } = school;
    const { page, context, consoleErrors } = await school.newPage({ size: PHONE, serviceWorkers: 'allow' });
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: MSG.landing.heroTitle }).waitFor();
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${server.url}/`);
    // the worker has finished precaching once it is active (install waits for the precache); ready resolves while it
    // is still activating, and on a busy machine the step to activated can come a moment later
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state)).toBe('activated');
    expect(await page.getByText(MSG.appShell.offline).count()).toBe(0);

    await context.setOffline(true);
    await page.reload();
    await page.getByText(MSG.appShell.offline).waitFor();
    // the shell and the landing page's own chunk came from the worker's cache
    await page.getByRole('heading', { level: 1, name: MSG.landing.heroTitle }).waitFor();
    await screenshot(page, 'installable-offline-390');

    // a page never visited online opens from the same shell
    await page.goto('/about-us');
    await page.getByText(MSG.appShell.offline).waitFor();
    await page.getByRole('heading', { name: MSG.about.sections[0].title }).waitFor();

    await context.setOffline(false);
    await page.getByText(MSG.appShell.offline).waitFor({ state: 'detached' });
    expect(consoleErrors.filter((e) => /Content Security Policy|manifest/i.test(e))).toEqual([]);
    await context.close();
  });

  it('opened from the home screen (start_url), sends a signed-in student to the dashboard and anyone else to sign in', async () => {
    const { server } = school;
    const manifest = (await (await fetch(`${server.url}/manifest.webmanifest`)).json()) as { start_url: string };
    const student = await signInTestUser(server, { role: 'student', department: 'BCA' });

    const stranger = await school.newPage({ size: PHONE });
    await stranger.page.goto(manifest.start_url);
    await stranger.page.getByRole('button', { name: MSG.login.submit }).waitFor();
    expect(new URL(stranger.page.url()).pathname).toBe('/login');
    await stranger.context.close();

    const { page, context } = await school.newPage({ size: PHONE, token: student.token, serviceWorkers: 'allow' });
    await page.goto(manifest.start_url);
    await page.waitForURL('**/student-dashboard');
    await page.getByRole('heading', { level: 1, name: MSG.dashboard.welcome(student.username) }).waitFor();
    await screenshot(page, 'installable-start-student-390');
    await context.close();
  });
});
