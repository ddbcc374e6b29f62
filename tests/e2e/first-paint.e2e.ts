import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { signTestToken } from '../helpers/test-server';
import { hasChromium } from './support/browser';
import { PHONE, useBrowserSchool } from './support/school';

const S = MSG.studentScreens;

/** The heading's and the subtitle's boxes under the page's first <main>. */
async function headingBoxes(page: Page) {
  const box = async (selector: string) => {
    const b = await page.locator(selector).first().boundingBox();
    if (!b) throw new Error(`${selector} is not on screen`);
    return b;
  };
  const [h1, subtitle] = [await box('main h1'), await box('main h1 + p')];
  // the heading's words change (the title, then the welcome): where it starts, not how wide it is
  return { h1: { x: h1.x, y: h1.y }, subtitle };
}

/**
 * Issue 22, First load: the student dashboard's frame (header, heading, subtitle) comes with its HTML, so a phone
 * shows it before the scripts arrive; the dashboard then renders over it without moving it.
 */
describe.skipIf(!hasChromium)("the student dashboard's first paint in Chromium", () => {
  const school = useBrowserSchool();
  let studentToken: string;

  beforeAll(async () => {
    const { id } = await school.createUser({ role: 'student', username: 'firstpaint', department: 'BCA' });
    studentToken = await signTestToken({ user_id: id, role: 'student', username: 'firstpaint' });
  });

  it('shows the heading and subtitle before any script ran, where the dashboard then shows them', async () => {
    const noScripts = await school.browser.newContext({ baseURL: school.server.url, viewport: PHONE, javaScriptEnabled: false });
    const bare = await noScripts.newPage();
    await bare.goto('/student-dashboard');
    await expect.poll(() => bare.locator('main h1').textContent()).toBe(MSG.dashboard.titles.student);
    expect(await bare.locator('main h1 + p').textContent()).toBe(MSG.student.overviewSubtitle);
    const painted = await headingBoxes(bare);
    await noScripts.close();

    const { page, context } = await school.newPage({ size: PHONE, token: studentToken });
    await page.goto('/student-dashboard');
    await page.getByTestId('session-banner').waitFor();
    await expect.poll(() => page.locator('main h1').textContent()).toBe(MSG.dashboard.welcome('firstpaint'));
    expect(await headingBoxes(page)).toEqual(painted);
    // the page replaced the painted frame: one header, one main
    expect([await page.locator('header').count(), await page.locator('main').count()]).toEqual([1, 1]);
    await context.close();
  });

  it("keeps the session banner's placeholder the banner's height when no session is open: nothing below moves", async () => {
    const { page, context } = await school.newPage({ size: PHONE, token: studentToken, serviceWorkers: 'block' });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/trpc/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/student-dashboard');
    const placeholder = page.locator('main [data-slot="skeleton"].rounded-xl').first();
    await placeholder.waitFor();
    const before = await placeholder.boundingBox();
    release();
    await expect.poll(() => page.getByTestId('session-banner-title').textContent()).toBe(S.banner.none);
    expect(await page.getByTestId('session-banner').boundingBox()).toEqual(before);
    await context.close();
  });

  it('sends a visitor without a login from the painted frame to the login page', async () => {
    const { page, context } = await school.newPage({ size: PHONE });
    await page.goto('/student-dashboard');
    await page.waitForURL('**/login');
    await expect.poll(() => page.locator('h1', { hasText: MSG.dashboard.titles.student }).count()).toBe(0);
    await context.close();
  });
});
