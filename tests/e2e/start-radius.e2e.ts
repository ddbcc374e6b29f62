import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { DEFAULT_TILE_URL } from '@shared/schemas/attendance/class-tools';
import { seriousViolations } from './support/axe';
import { hasChromium, screenshot, storage, toastWith } from './support/browser';
import { focused } from './support/keyboard';
import { LAPTOP, PHONE, useBrowserSchool } from './support/school';
import { CENTRE as CLASSROOM } from '../helpers/classroom';

const PASSWORD = 'Str0ng!pass';
/** Lets the dialog's and the cards' transitions finish before a screenshot. */
const settle = (page: Page) => page.waitForTimeout(400);

/** Whether the element is the first control of its dialog a Tab reaches (DOM order, nothing with a positive tabindex). */
const firstInDialog = (page: Page) =>
  page.evaluate(() => {
    const dialog = document.querySelector('[role=dialog]');
    const controls = [...(dialog?.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]') ?? [])].filter(
      (el) => el.tabIndex >= 0 && !el.matches(':disabled') && el.getClientRects().length > 0,
    );
    return {
      first: controls[0] === document.activeElement,
      positiveTabindex: controls.some((el) => el.tabIndex > 0),
      onScreen: (() => {
        const box = (document.activeElement as HTMLElement).getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      })(),
    };
  });

describe.skipIf(!hasChromium)('the radius has one place, the start dialog, which opens on its first field (issue 36)', () => {
  const school = useBrowserSchool();
  let tile: Buffer;

  beforeAll(async () => {
    tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#cfe8cf' } })
      .png()
      .toBuffer();
  });

  it.each([
    ['390', PHONE, 'BCA'],
    ['1440', LAPTOP, 'MBA'],
  ] as const)(
    'at %s px: the dialog opens on the length, a custom radius starts the session, and the status card alone shows it',
    { timeout: 300_000 },
    async (size, viewport, department) => {
      const teacher = await school.createUser({ role: 'teacher', department, password: PASSWORD, username: `radius${size}` });
      await school.createUser({ role: 'student', department, username: `radius${size}student` });
      const { page, context } = await school.newPage({ size: viewport, as: { email: teacher.email, password: PASSWORD } });
      await context.grantPermissions(['geolocation'], { origin: school.server.url });
      await context.setGeolocation(CLASSROOM);
      // The default map tiles, answered inside the browser: nothing leaves the machine.
      await context.route(`${new URL(DEFAULT_TILE_URL).origin}/**`, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: tile }));
      // The custom radius chosen last time (SPEC's customRadius key) is offered again.
      await context.addInitScript(() => localStorage.setItem('customRadius', '120'));
      await page.goto('/teacher-dashboard');

      // The settings card sets no radius: it says where the radius is chosen.
      const where = page.getByText(MSG.teacher.radiusAtStart);
      await where.waitFor();
      expect(await page.getByLabel(/radius/i).count()).toBe(0);
      expect(await page.getByText(MSG.teacher.activeRadius).count()).toBe(0);
      await where.scrollIntoViewIfNeeded();
      await settle(page);
      await screenshot(page, `start-radius-settings-${size}`);

      // A keyboard user opens the dialog: the focus is on its first field, the session's length.
      const start = page.getByRole('button', { name: MSG.teacher.startAttendance });
      await start.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: MSG.teacher.radiusDialog.title });
      await dialog.waitFor();
      const length = dialog.getByLabel(MSG.sessionTime.lengthLabel);
      await expect.poll(async () => (await focused(page))?.tag).toBe('select');
      expect(await length.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await firstInDialog(page)).toEqual({ first: true, positiveTabindex: false, onScreen: true });
      expect((await focused(page))?.indicator).toBe(true);
      const custom = dialog.getByLabel(MSG.teacher.radiusDialog.customLabel);
      expect(await custom.inputValue()).toBe('120');
      await settle(page);
      await screenshot(page, `start-radius-dialog-${size}`);
      expect(await seriousViolations(page, `start-radius-dialog-${size}`)).toEqual([]);

      // The custom radius, typed and sent with Enter.
      await custom.fill('80');
      await custom.press('Enter');
      await toastWith(page, MSG.teacher.started(10)).waitFor();
      // Focus lands on Stop once the session runs.
      await expect.poll(async () => (await focused(page))?.text, { timeout: 30_000 }).toBe(MSG.teacher.stopAttendance);
      const session = await school.server.db
        .selectFrom('geofence_sessions')
        .select('radius_m')
        .where('teacher_id', '=', teacher.id)
        .where('ended_at', 'is', null)
        .executeTakeFirstOrThrow();
      expect(session.radius_m).toBe(80);

      // One place shows the running session's radius: Attendance Status, beside its circle on the map.
      const status = page.getByTestId('session-radius');
      await expect.poll(() => status.innerText()).toBe(MSG.teacher.meters(80));
      expect(await page.getByText(MSG.teacher.meters(80), { exact: true }).count()).toBe(1);
      expect(await page.getByText(MSG.teacher.activeRadius).count()).toBe(1);
      const map = page.getByRole('figure', { name: MSG.sessionMap.label(80) });
      await map.waitFor();
      await expect.poll(() => map.locator('img.leaflet-tile-loaded').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await storage(page, 'activeRadius')).toBe('80');
      expect(await storage(page, 'customRadius')).toBe('80');
      await map.scrollIntoViewIfNeeded();
      await settle(page);
      await screenshot(page, `start-radius-running-${size}`);
      expect(await seriousViolations(page, `start-radius-running-${size}`)).toEqual([]);

      // Stopped, the next start offers 80 again; an invalid entry uses 50, says so, and is not remembered.
      await page.getByRole('button', { name: MSG.teacher.stopAttendance }).click();
      await page.getByRole('button', { name: MSG.stopConfirm.confirm }).click();
      await toastWith(page, MSG.teacher.ended).waitFor();
      expect(await storage(page, 'activeRadius')).toBeNull();
      await start.click();
      expect(await dialog.getByLabel(MSG.teacher.radiusDialog.customLabel).inputValue()).toBe('80');
      await dialog.getByLabel(MSG.teacher.radiusDialog.customLabel).fill('5');
      await dialog.getByRole('button', { name: MSG.teacher.radiusDialog.useCustom }).click();
      await toastWith(page, MSG.teacher.invalidRadius).waitFor();
      await expect.poll(() => status.innerText(), { timeout: 30_000 }).toBe(MSG.teacher.meters(50));
      expect(await storage(page, 'customRadius')).toBe('80');
      await context.close();
    },
  );
});
