import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { seriousViolations } from './support/axe';
import { hasChromium, screenshot, toastWith } from './support/browser';
import { login } from './support/journey';
import { horizontalOverflow } from './support/overflow';
import { LAPTOP, PHONE, useBrowserSchool } from './support/school';

const PASSWORD = 'Str0ng!pass';
const SIZES = { phone: PHONE, laptop: LAPTOP } as const;
const HEADER = 'name,email,roll_number,department';
const csv = (...rows: string[]) => Buffer.from(`${[HEADER, ...rows].join('\n')}\n`);

/**
 * Issue 39's roster import in Chromium at a phone's and a laptop's width: the teacher's preview shows a bad row with
 * its line and error and offers no import; the corrected file imports, and the new students wait in the not-enrolled
 * list with their links; a link opens registration with the student's name and email fixed.
 */
describe.skipIf(!hasChromium)('the roster import in Chromium', () => {
  const school = useBrowserSchool();

  beforeAll(async () => {
    await school.createUser({ role: 'teacher', department: 'BCA', email: 'meera@school.test', password: PASSWORD, username: 'meera' });
  });

  const noOverflow = async (page: Page, where: string) => {
    expect(await page.evaluate(horizontalOverflow), where).toEqual({ page: false, outside: [], scrollers: [] });
  };
  const choose = (page: Page, file: Buffer) => page.getByLabel(MSG.roster.fileLabel).setInputFiles({ name: 'roster.csv', mimeType: 'text/csv', buffer: file });

  for (const [size, viewport] of Object.entries(SIZES)) {
    it(`previews a roster with an error row, then imports the corrected one (${size})`, { timeout: 120_000 }, async () => {
      const { page } = await school.newPage({ size: viewport });
      await login(page, 'meera@school.test', PASSWORD, '/teacher-dashboard');
      await page.getByRole('tab', { name: MSG.roster.tab }).click();

      // people's names as a school writes them; each account's username is made from the name
      const good = [`Isha Núñez ${size},isha.${size}@school.test,BCA-${size}-1,BCA`, `Rohan O'Brien ${size},rohan.${size}@school.test,BCA-${size}-2,BCA`];
      await choose(page, csv(good[0], `Kabir${size},kabir-at-school,BCA-${size}-3,BCA`, good[1]));
      await page.getByRole('button', { name: MSG.roster.preview }).click();
      expect(await page.getByTestId('roster-summary').innerText()).toBe(MSG.roster.summary(3, 2, 0, 1));
      const bad = page.locator('tr[data-outcome="error"]');
      expect(await bad.count()).toBe(1);
      expect(await bad.locator('td').first().innerText()).toBe('3');
      expect(await bad.innerText()).toContain(MSG.roster.badEmail);
      expect(await page.locator('tr[data-outcome="new"]').first().innerText()).toContain(MSG.roster.username(`IshaNunez${size}`));
      expect(
        await page
          .getByRole('alert')
          .filter({ hasText: MSG.roster.fixFirst(1) })
          .count(),
      ).toBe(1);
      expect(await page.getByRole('button', { name: MSG.roster.import(2) }).isDisabled()).toBe(true);
      await noOverflow(page, `preview ${size}`);
      expect(await seriousViolations(page, `roster preview ${size}`)).toEqual([]);
      await screenshot(page, `roster-preview-error-${size}`, true);

      await choose(page, csv(...good));
      await page.getByRole('button', { name: MSG.roster.preview }).click();
      await page
        .getByTestId('roster-summary')
        .filter({ hasText: MSG.roster.summary(2, 2, 0, 0) })
        .waitFor();
      const imported = page.waitForResponse((r) => r.url().endsWith('/api/roster/import'));
      await page.getByRole('button', { name: MSG.roster.import(2) }).click();
      const { invitations } = (await (await imported).json()) as { invitations: { link: string; recipient: { name: string } }[] };
      await toastWith(page, MSG.roster.imported(2)).waitFor();
      const rows = page.getByTestId('invitation-row');
      await rows.filter({ hasText: `RohanOBrien${size}` }).waitFor();
      expect(
        await rows
          .filter({ hasText: `IshaNunez${size}` })
          .getByRole('button', { name: MSG.invitations.copy })
          .count(),
      ).toBe(1);
      expect(await rows.filter({ hasText: `IshaNunez${size}` }).innerText()).toContain(MSG.invitations.states.open);
      await noOverflow(page, `imported ${size}`);
      await screenshot(page, `roster-imported-${size}`, true);

      // the link opens registration at the password and photos, the imported name and email fixed
      const invite = await school.newPage({ size: viewport });
      await invite.page.goto(new URL(invitations[0].link).pathname);
      await invite.page.getByRole('heading', { name: MSG.invitations.pageTitle }).waitFor();
      expect(await invite.page.getByLabel(MSG.register.labels.username).inputValue()).toBe(`IshaNunez${size}`);
      expect(await invite.page.getByLabel(MSG.register.labels.email).getAttribute('readonly')).not.toBeNull();
      await noOverflow(invite.page, `invitation ${size}`);
      expect(await seriousViolations(invite.page, `invitation ${size}`)).toEqual([]);
      await screenshot(invite.page, `roster-invitation-${size}`, true);
    });
  }
});
