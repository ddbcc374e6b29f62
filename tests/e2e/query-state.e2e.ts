import { describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { hasChromium, screenshot } from './support/browser';
import { apiLogin } from './support/journey';
import { PHONE, useBrowserSchool } from './support/school';

const PASSWORD = 'Str0ng!pass';
const BAD_PAGE = { page: 1, limit: 0 };

/** Issue 21: a list whose query fails says which list, the server's reason, and loads when Try again is pressed. */
describe.skipIf(!hasChromium)('a query that fails to load, in Chromium', () => {
  const school = useBrowserSchool();

  it("the admin's duplicate-faces card: its own words and the server's reason in an alert, then Try again loads it", async () => {
    const admin = await school.createUser({ role: 'admin', password: PASSWORD, username: 'head' });
    // What the server answers for that page, asked directly: the reason the card must pass on.
    const token = await apiLogin(school.server.url, admin.email, PASSWORD);
    const direct = await fetch(`${school.server.url}/trpc/admin.duplicateFaces?input=${encodeURIComponent(JSON.stringify(BAD_PAGE))}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(direct.status).toBe(400);
    const reason = ((await direct.json()) as { error: { message: string } }).error.message;

    // The page's first request for the card asks for an impossible page, so the server itself refuses that call
    // (the batch's other calls go through untouched); the retry goes out as the app sends it.
    const { page, context } = await school.newPage({ size: PHONE, token });
    let broken = 0;
    await page.route('**/trpc/**', async (route) => {
      const url = new URL(route.request().url());
      const index = url.pathname.replace('/trpc/', '').split(',').indexOf('admin.duplicateFaces');
      if (index < 0 || broken > 0) return route.continue();
      broken += 1;
      const input = JSON.parse(url.searchParams.get('input') ?? '{}') as Record<string, unknown>;
      input[index] = BAD_PAGE;
      url.searchParams.set('input', JSON.stringify(input));
      await route.continue({ url: url.toString() });
    });
    await page.goto('/admin-dashboard/users');
    const card = page.getByRole('region', { name: MSG.duplicateFace.cardTitle });
    const alert = card.getByRole('alert');
    await alert.getByText(MSG.duplicateFace.loadFailed).waitFor();
    expect(await alert.innerText()).toContain(reason);
    expect(broken).toBe(1);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'query-state-error-390');

    await card.getByRole('button', { name: MSG.loader.retry }).click();
    await card.getByText(MSG.duplicateFace.none).waitFor();
    expect(await card.getByRole('alert').count()).toBe(0);
    expect(await card.getByRole('button', { name: MSG.loader.retry }).count()).toBe(0);
    await context.close();
  });
});
