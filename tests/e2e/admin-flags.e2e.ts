import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { pointNorthOf } from '../helpers/geo';
import { getJson, postJson } from '@harness/api-client';
import { insertProof } from '../helpers/proofs';
import { signInTestUser } from '../helpers/test-server';
import { hasChromium } from './support/browser';
import { downloadedCsv } from './support/downloads';
import { login } from './support/journey';
import { useBrowserSchool } from './support/school';

const PASSWORD = 'Str0ng!pass';
const CENTRE = { latitude: 23.0225, longitude: 72.5714 };

/** The summary popup's rows as the admin reads them: student name and the Flagged cell. */
async function summaryRows(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('summary-row').first().waitFor();
  const rows = await dialog.getByTestId('summary-row').all();
  const cells = await Promise.all(
    rows.map(async (r) => [(await r.getByRole('cell').nth(1).innerText()).trim(), (await r.getByTestId('summary-flagged').innerText()).trim()]),
  );
  return Object.fromEntries(cells);
}

/**
 * Issue 19 in the admin's view: one class where two students marked from one phone and a third from their own.
 * The marks go through the real API (geofence step, face proof, final mark with the room code), as the app sends them.
 */
describe.skipIf(!hasChromium)('flagged marks in the admin dashboard (Chromium)', () => {
  const school = useBrowserSchool();
  const names = { asha: 'asha', ravi: 'ravi', mira: 'mira' };

  beforeAll(async () => {
    await school.createUser({ role: 'admin', email: 'head@school.test', password: PASSWORD, username: 'head' });
    const teacher = await signInTestUser(school.server, { role: 'teacher', department: 'BCA', username: 'kavya' });
    const started = await postJson(
      `${school.server.url}/api/start_geofence`,
      { teacher_id: teacher.id, ...CENTRE, radius: 50, department: 'BCA', room_code: true },
      teacher.token,
    );
    expect(started.status).toBe(201);
    const devices = { shared: 'phone-shared-by-two-0001', own: 'phone-of-mira-only-0002' };
    const marks = [
      [names.asha, devices.shared],
      [names.ravi, devices.shared],
      [names.mira, devices.own],
    ] as const;
    for (const [i, [username, device_id]] of marks.entries()) {
      const student = await signInTestUser(school.server, { role: 'student', department: 'BCA', username });
      // Each stands somewhere of their own, with an accuracy of their own: only the device is shared. The final mark
      // sends the code its geofence step was accepted with, as the page does.
      const body = {
        ...pointNorthOf(CENTRE.latitude, CENTRE.longitude, 3 + i * 4),
        accuracy: 8 + i * 1.5,
        device_id,
        room_code: (await getJson(`${school.server.url}/api/room_code`, teacher.token)).body.code,
      };
      // Each step as their browser sends it: with the device cookie of its login, so no mark is 'not from a browser'.
      const browser = { cookie: student.cookie ?? '' };
      const device = school.server.deps.devices.deviceFor(student.email, student.cookie?.slice('rc_device='.length), school.server.deps.clock.now());
      expect((await postJson(`${school.server.url}/api/mark_attendance`, body, student.token, browser)).body).toMatchObject({ status: 'geofence_checked' });
      await insertProof(school.server.db, school.server.deps.clock, student, { deviceId: device ?? undefined });
      expect((await postJson(`${school.server.url}/api/mark_attendance`, { ...body, face_verified: true }, student.token, browser)).body).toMatchObject({
        status: 'present',
      });
    }
    await fetch(`${school.server.url}/api/stop_geofence`, { method: 'PATCH', headers: { authorization: `Bearer ${teacher.token}` } });
  }, 300_000);

  it('counts the flagged marks, narrows every report to them with Flagged only, and shows why', { timeout: 300_000 }, async () => {
    const { page, context } = await school.newPage();
    await login(page, 'head@school.test', PASSWORD, '/admin-dashboard');
    await expect.poll(() => page.getByTestId('stat-flagged').innerText(), { timeout: 30_000 }).toBe('2');
    expect(await page.getByText(MSG.admin.stats.flagged).isVisible()).toBe(true);

    // Every mark, with each pair's flagged count and share of its present marks.
    await page.getByRole('button', { name: MSG.admin.filters.openSummary }).click();
    await page.getByRole('dialog').getByRole('columnheader', { name: MSG.admin.flaggedColumn }).waitFor();
    expect(await summaryRows(page)).toEqual({ asha: MSG.admin.flaggedCount(1, 100), ravi: MSG.admin.flaggedCount(1, 100), mira: MSG.admin.flaggedCount(0, 0) });
    await page.keyboard.press('Escape');

    // Flagged only, like the other filters, waits for Apply; then the charts, the popup and the CSV follow it.
    const flaggedOnly = page.getByRole('checkbox', { name: MSG.markFlags.flaggedOnly });
    await flaggedOnly.click();
    expect(await flaggedOnly.getAttribute('aria-checked')).toBe('true');
    const presentChart = page.getByTestId('chart-present-absent');
    await presentChart.getByText('3', { exact: true }).waitFor();
    await page.getByRole('button', { name: MSG.admin.filters.apply }).click();
    await presentChart.getByText('2', { exact: true }).waitFor();
    expect(await presentChart.getByText('3', { exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: MSG.admin.filters.openSummary }).click();
    await expect.poll(() => page.getByRole('dialog').getByTestId('summary-row').count()).toBe(2);
    expect(Object.keys(await summaryRows(page)).sort()).toEqual([names.asha, names.ravi]);

    // The pair's detail says why, in words.
    await page.getByRole('dialog').getByTestId('summary-row').filter({ hasText: names.ravi }).click();
    const detail = page.getByRole('dialog').filter({ hasText: MSG.admin.detailTitle('kavya', names.ravi) });
    await detail
      .getByRole('list', { name: MSG.markFlags.reasons(names.ravi) })
      .getByText(MSG.markFlags.sameDevice(names.asha))
      .waitFor();
    expect(await detail.getByRole('columnheader', { name: MSG.markFlags.column }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    const csv = await downloadedCsv(page, () => page.getByRole('button', { name: MSG.admin.filters.exportCsv }).click());
    const [header, ...rows] = csv.rows;
    const student = header.indexOf('Student');
    const flags = header.indexOf(MSG.markFlags.column);
    expect(flags).toBeGreaterThan(-1);
    expect(rows.map((r) => r[student]).sort()).toEqual([names.asha, names.ravi]);
    expect(rows.find((r) => r[student] === names.asha)?.[flags]).toContain(MSG.markFlags.sameDevice(names.ravi));

    // Unticked and applied again: every mark comes back.
    await flaggedOnly.click();
    await page.getByRole('button', { name: MSG.admin.filters.apply }).click();
    await presentChart.getByText('3', { exact: true }).waitFor();
    await context.close();
  });
});
