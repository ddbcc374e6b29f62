import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { hasChromium, screenshot, toastWith } from './support/browser';
import { login } from './support/journey';
import { useBrowserSchool } from './support/school';

const PASSWORD = 'Str0ng!pass';

/** Issue 19: the admin adds the network they are on, saves, and finds the list still there after a reload. */
describe.skipIf(!hasChromium)('the campus networks card in Chromium', () => {
  const school = useBrowserSchool();
  const stored = async () => {
    const row = await school.server.db.selectFrom('app_settings').select('value').where('key', '=', 'campus_networks').executeTakeFirst();
    return row ? JSON.parse(row.value) : null;
  };

  beforeAll(async () => {
    await school.createUser({ role: 'admin', email: 'head@school.test', password: PASSWORD, username: 'head' });
  }, 300_000);

  it('adds the network the admin is on, refuses a mistyped one, saves, and keeps the list across a reload', async () => {
    const { page, context } = await school.newPage();
    await login(page, 'head@school.test', PASSWORD, '/admin-dashboard');
    // Issue 36: the campus networks are on the portal's Settings page.
    await page.goto('/admin-dashboard/settings');
    const card = page.getByRole('region', { name: MSG.campusNetworks.title });
    await card.getByText(MSG.campusNetworks.none).waitFor();
    // The browser reaches the test server over loopback: that is the address the server sees.
    expect(await card.getByTestId('your-address').innerText()).toContain(MSG.campusNetworks.yourAddress('127.0.0.1'));

    await card.getByRole('button', { name: MSG.campusNetworks.addCurrent }).click();
    expect(await card.getByLabel(MSG.campusNetworks.networkLabel(1)).inputValue()).toBe('127.0.0.1/32');
    // Once listed, the same network is not offered twice.
    expect(await card.getByRole('button', { name: MSG.campusNetworks.addCurrent }).isDisabled()).toBe(true);
    await card.getByRole('button', { name: MSG.campusNetworks.addOther }).click();
    await card.getByLabel(MSG.campusNetworks.networkLabel(2)).fill('10.20.3.4/33');
    await card.getByRole('button', { name: MSG.campusNetworks.save }).click();
    await card.getByText(MSG.campusNetworks.invalid('10.20.3.4/33')).waitFor();
    expect(await stored()).toBeNull();

    await card.getByLabel(MSG.campusNetworks.networkLabel(2)).fill('10.20.3.4/16');
    await card.getByRole('button', { name: MSG.campusNetworks.save }).click();
    await toastWith(page, MSG.campusNetworks.saved).waitFor();
    // Saved as normalised, and the admin's own address is now inside the list.
    await card.getByText(MSG.campusNetworks.yourAddressInside).waitFor();
    expect(await card.getByLabel(MSG.campusNetworks.networkLabel(2)).inputValue()).toBe('10.20.0.0/16');
    expect(await stored()).toEqual(['127.0.0.1/32', '10.20.0.0/16']);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-campus-networks');

    await page.reload();
    await card.getByLabel(MSG.campusNetworks.networkLabel(1)).waitFor();
    expect(await card.getByLabel(MSG.campusNetworks.networkLabel(1)).inputValue()).toBe('127.0.0.1/32');
    expect(await card.getByLabel(MSG.campusNetworks.networkLabel(2)).inputValue()).toBe('10.20.0.0/16');
    expect(await card.innerText()).toMatch(/Last changed .+ by head\./);
    await context.close();
  }, 300_000);
});

describe.skipIf(!hasChromium)('the campus networks card when CAMPUS_NETWORKS is set', () => {
  const school = useBrowserSchool({ server: { env: { CAMPUS_NETWORKS: '10.20.0.0/16' } } });

  beforeAll(async () => {
    await school.createUser({ role: 'admin', email: 'head@school.test', password: PASSWORD, username: 'head' });
  }, 300_000);

  it('says the environment list applies and offers nothing to change', async () => {
    const { page, context } = await school.newPage();
    await login(page, 'head@school.test', PASSWORD, '/admin-dashboard');
    // Issue 36: the campus networks are on the portal's Settings page.
    await page.goto('/admin-dashboard/settings');
    const card = page.getByRole('region', { name: MSG.campusNetworks.title });
    await card.getByText(MSG.campusNetworks.fromEnvironment).waitFor();
    expect(await card.getByRole('listitem').allInnerTexts()).toEqual(['10.20.0.0/16']);
    expect(await card.getByText(MSG.campusNetworks.yourAddressOutside).isVisible()).toBe(true);
    expect(await card.getByRole('button').count()).toBe(0);
    await context.close();
  }, 300_000);
});
