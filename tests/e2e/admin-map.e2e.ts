import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { createTestUser } from '../helpers/test-server';
import { hasChromium, screenshot } from './support/browser';
import { seriousViolations } from './support/axe';
import { login } from './support/journey';
import { focused, stillTransitions } from './support/keyboard';
import { horizontalOverflow } from './support/overflow';
import { LAPTOP, PHONE, useBrowserSchool } from './support/school';

const PASSWORD = 'Str0ng!pass';
/** The portal's map in the sidebar's order, with the address of each page. */
const MAP = [
  [MSG.admin.nav.reports, '/admin-dashboard'],
  [MSG.admin.nav.users, '/admin-dashboard/users'],
  [MSG.admin.nav.settings, '/admin-dashboard/settings'],
  [MSG.inbox.title, '/admin-dashboard/messages'],
] as const;

/**
 * Issue 36: the admin portal as a map, not one 3,000-px page. Reports, Users, Settings and Messages each have a page
 * and an address of their own (a deep link or a reload stays there); on a phone the sidebar is a Menu button that
 * works by keyboard; every control is named by the text it shows (WCAG 2.5.3), the Messages link with its count too.
 */
describe.skipIf(!hasChromium)('the admin portal map in Chromium', () => {
  const school = useBrowserSchool();

  beforeAll(async () => {
    const db = school.server.db;
    await createTestUser(db, { role: 'admin', email: 'head@school.test', password: PASSWORD, username: 'head' });
    await createTestUser(db, { role: 'teacher', department: 'BCA', username: 'kavya' });
    await createTestUser(db, { role: 'student', department: 'BCA', username: 'anya' });
    await db
      .insertInto('contact_messages')
      .values({ name: 'A parent', email: 'parent@home.test', message: 'Our son could not mark attendance.', created_at: new Date().toISOString() })
      .execute();
  });

  const settle = async (page: Page) => {
    await page.waitForTimeout(300);
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  };
  const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first().innerText();

  it('the axe run reads Label in Name: a control whose name leaves out its visible text is reported', { timeout: 60_000 }, async () => {
    const { page, context } = await school.newPage({ size: LAPTOP });
    await page.setContent('<main><h1>t</h1><button aria-label="Send the form">Reply by email</button></main>');
    expect((await seriousViolations(page, 'probe')).join('\n')).toContain('label-content-name-mismatch');
    await context.close();
  });

  it('laptop: Reports, Users, Settings and Messages in the sidebar, each its own page and address', { timeout: 180_000 }, async () => {
    const { page, context } = await school.newPage({ size: LAPTOP });
    await login(page, 'head@school.test', PASSWORD, '/admin-dashboard');
    const nav = page.getByTestId('admin-sidebar').getByRole('navigation', { name: MSG.admin.portal });
    const names = async () => (await nav.getByRole('link').allInnerTexts()).map((n) => n.split('\n')[0].trim());
    // Messages shows its open count as a badge; its name starts with what it shows and says what the number counts.
    const messages = nav.getByRole('link', { name: MSG.inbox.navLabel(1), exact: true });
    await messages.waitFor();
    expect(await names()).toEqual([MSG.admin.nav.reports, MSG.admin.nav.users, MSG.admin.nav.settings, MSG.inbox.title]);
    expect((await messages.innerText()).replace(/\s+/g, ' ')).toBe(MSG.inbox.navLabel(1));

    // Reports: the filters, counts and charts; no settings below them any more.
    await page.getByRole('region', { name: MSG.admin.filters.apply }).waitFor();
    await page.getByTestId('chart-present-absent').waitFor();
    expect(await page.locator('#attendance-rule-title, #campus-networks-title, #map-tiles-title, #duplicate-faces-title').count()).toBe(0);
    expect(await nav.getByRole('link', { name: MSG.admin.nav.reports }).getAttribute('aria-current')).toBe('page');
    await settle(page);
    await screenshot(page, 'admin-map-reports-1440', true);
    expect.soft(await seriousViolations(page, 'admin-map-reports-1440')).toEqual([]);

    // Users: teachers, then students with the choice kept in the address through a reload; the duplicate faces here.
    await nav.getByRole('link', { name: MSG.admin.nav.users }).click();
    await page.waitForURL('**/admin-dashboard/users');
    // The address changes first; the page before stays on screen until the new page's code has arrived.
    await expect.poll(() => heading(page)).toBe(MSG.admin.pages.users);
    await page.getByTestId('user-card').filter({ hasText: 'kavya' }).waitFor();
    await page.locator('#duplicate-faces-title').waitFor();
    await page.getByRole('button', { name: MSG.admin.usersTitle('student') }).click();
    await page.waitForURL('**/admin-dashboard/users?role=student');
    await page.getByTestId('user-card').filter({ hasText: 'anya' }).waitFor();
    await page.reload();
    await page.getByTestId('user-card').filter({ hasText: 'anya' }).waitFor();
    expect(await page.getByRole('button', { name: MSG.admin.usersTitle('student') }).getAttribute('aria-pressed')).toBe('true');
    await settle(page);
    await screenshot(page, 'admin-map-users-1440', true);
    expect.soft(await seriousViolations(page, 'admin-map-users-1440')).toEqual([]);

    // Settings: the rule, the campus networks, the flag and the map tiles.
    await nav.getByRole('link', { name: MSG.admin.nav.settings }).click();
    await page.waitForURL('**/admin-dashboard/settings');
    await expect.poll(() => heading(page)).toBe(MSG.admin.pages.settings);
    for (const id of ['attendance-rule-title', 'campus-networks-title', 'not-from-browser-title', 'map-tiles-title']) await page.locator(`#${id}`).waitFor();
    await settle(page);
    await screenshot(page, 'admin-map-settings-1440', true);
    expect.soft(await seriousViolations(page, 'admin-map-settings-1440')).toEqual([]);

    // Messages, and back to Reports by the sidebar.
    await messages.click();
    await page.waitForURL('**/admin-dashboard/messages');
    await page.getByText('A parent').first().waitFor();
    await settle(page);
    expect.soft(await seriousViolations(page, 'admin-map-messages-1440')).toEqual([]);
    await nav.getByRole('link', { name: MSG.admin.nav.reports }).click();
    await page.waitForURL(/\/admin-dashboard$/);
    await context.close();
  });

  it('a deep link opens each page directly', { timeout: 120_000 }, async () => {
    const { page, context } = await school.newPage({ size: LAPTOP, as: { email: 'head@school.test', password: PASSWORD } });
    for (const [label, path] of MAP) {
      await page.goto(path);
      await page.getByTestId('admin-sidebar').getByRole('link', { name: label }).and(page.locator('[aria-current="page"]')).waitFor();
    }
    await context.close();
  });

  it('phone: the sidebar is a Menu button whose list works by keyboard', { timeout: 180_000 }, async () => {
    const { page, context } = await school.newPage({ size: PHONE });
    await login(page, 'head@school.test', PASSWORD, '/admin-dashboard');
    await page.getByTestId('chart-present-absent').waitFor();
    await stillTransitions(page);
    expect(await page.getByTestId('admin-sidebar').isVisible()).toBe(false);
    const menu = page.getByRole('button', { name: new RegExp(`^${MSG.admin.nav.menu}( |$)`) });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(horizontalOverflow)).toEqual({ page: false, outside: [], scrollers: [] });
    await settle(page);
    await screenshot(page, 'admin-map-reports-390');
    expect.soft(await seriousViolations(page, 'admin-map-reports-390')).toEqual([]);

    // Enter opens the list with the focus on the page you are on; Tab walks it; Enter on Settings goes there.
    await menu.focus();
    await page.keyboard.press('Enter');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(async () => (await focused(page))?.text).toBe(MSG.admin.nav.reports);
    expect((await focused(page))?.indicator).toBe(true);
    await settle(page);
    await screenshot(page, 'admin-map-menu-open-390');
    expect.soft(await seriousViolations(page, 'admin-map-menu-open-390')).toEqual([]);
    await page.keyboard.press('Tab');
    expect((await focused(page))?.text).toBe(MSG.admin.nav.users);
    await page.keyboard.press('Tab');
    expect((await focused(page))?.text).toBe(MSG.admin.nav.settings);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin-dashboard/settings');
    await page.locator('#campus-networks-title').waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByTestId('admin-menu-bar').innerText()).toContain(MSG.admin.nav.settings);
    expect(await page.evaluate(horizontalOverflow)).toEqual({ page: false, outside: [], scrollers: [] });
    await settle(page);
    await screenshot(page, 'admin-map-settings-390', true);
    expect.soft(await seriousViolations(page, 'admin-map-settings-390')).toEqual([]);

    // Escape closes the list and gives the focus back to Menu.
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page))?.text).toBe(MSG.admin.nav.settings);
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-controls'))).toBe('admin-menu');
    // Tab past its last item (Logout) leaves the menu, and it closes.
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await focused(page))?.text).toBe(MSG.admin.nav.settings);
    for (const next of [MSG.inbox.navLabel(1), MSG.nav.logout]) {
      await page.keyboard.press('Tab');
      expect((await focused(page))?.text.replace(/\s+/g, ' ')).toBe(next);
    }
    await page.keyboard.press('Tab');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');

    await page.goto('/admin-dashboard/users');
    await page.getByTestId('user-card').first().waitFor();
    expect(await page.evaluate(horizontalOverflow)).toEqual({ page: false, outside: [], scrollers: [] });
    await settle(page);
    await screenshot(page, 'admin-map-users-390', true);
    expect.soft(await seriousViolations(page, 'admin-map-users-390')).toEqual([]);
    await context.close();
  });
});
