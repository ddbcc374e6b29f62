import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AttendanceStatus } from '@shared/attendance/attendance-status';
import { MSG } from '@shared/messages';
import { insertSession } from '@harness/geofence-sessions';
import { createTestUser } from '../helpers/test-server';
import { hasChromium, screenshot, toastWith } from './support/browser';
import { downloadedCsv } from './support/downloads';
import { login } from './support/journey';
import { horizontalOverflow } from './support/overflow';
import { LAPTOP, PHONE, useBrowserSchool } from './support/school';

const PASSWORD = 'Str0ng!pass';
const SIZES = { phone: PHONE, laptop: LAPTOP } as const;
const BCA = 3;

/**
 * Issue 24 section 1 in Chromium at a phone's and a laptop's width: a student below the rule sees the warning and the
 * sessions needed, the teacher's At risk list sorts, the administrator sees the shortfall (and its CSV) and changes
 * the rule. Ten BCA sessions in November: zara attended 4 (40%: 14 in a row to get back), kabir 9 (90%: can miss 2),
 * neel all 10 (can miss 3: not at risk).
 */
describe.skipIf(!hasChromium)('the attendance rule in Chromium', () => {
  const school = useBrowserSchool();

  beforeAll(async () => {
    const db = school.server.db;
    await createTestUser(db, { role: 'admin', email: 'head@school.test', password: PASSWORD, username: 'head' });
    const teacher = await createTestUser(db, { role: 'teacher', department: 'BCA', email: 'meera@school.test', password: PASSWORD, username: 'meera' });
    const marks: Record<string, AttendanceStatus[]> = {
      zara: ['present', 'present', 'present', 'present', 'absent', 'absent', 'absent', 'absent', 'absent', 'absent'],
      kabir: ['present', 'present', 'late', 'present', 'present', 'present', 'present', 'present', 'present', 'absent'],
      neel: Array(10).fill('present'),
    };
    const sessions: { id: number; at: string }[] = [];
    for (let k = 0; k < 10; k++) {
      const at = new Date(Date.parse('2026-11-02T04:00:00.000Z') + k * 86_400_000).toISOString();
      sessions.push({ id: await insertSession(db, { teacher_id: teacher.id, department_id: BCA, started_at: at, ended_at: at }), at });
    }
    for (const [name, statuses] of Object.entries(marks)) {
      const s = await createTestUser(db, { role: 'student', department: 'BCA', email: `${name}@school.test`, password: PASSWORD, username: name });
      await db.updateTable('users').set({ created_at: '2026-06-01T00:00:00.000Z' }).where('id', '=', s.id).execute();
      await db
        .insertInto('attendance_records')
        .values(
          statuses.map((status, k) => ({
            session_id: sessions[k].id,
            student_id: s.id,
            status,
            marked_at: sessions[k].at,
            updated_at: new Date().toISOString(),
          })),
        )
        .execute();
    }
  }, 300_000);

  const noOverflow = async (page: Page, where: string) => {
    expect(await page.evaluate(horizontalOverflow), where).toEqual({ page: false, outside: [], scrollers: [] });
  };

  for (const [size, viewport] of Object.entries(SIZES)) {
    it(`a student below the rule sees the warning and the sessions needed (${size})`, { timeout: 300_000 }, async () => {
      const { page, context } = await school.newPage({ size: viewport });
      await login(page, 'zara@school.test', PASSWORD, '/student-dashboard');
      const headline = page.getByTestId('standing-headline');
      await headline.waitFor();
      expect(await headline.innerText()).toBe('40% — below the 75% required');
      expect(await page.getByTestId('standing-advice').innerText()).toBe('Below 75%: you need to attend the next 14 sessions to get back');
      expect(
        await page
          .getByRole('alert')
          .filter({ hasText: MSG.attendanceRule.toRecover(14, 75) })
          .count(),
      ).toBe(1);
      await page.getByTestId('standing-chart').locator('.recharts-line').waitFor();
      await noOverflow(page, `student ${size}`);
      await screenshot(page, `attendance-rule-student-${size}`, true);

      // A student close to the line reads the rate so far, the same on both cards, and nothing about the sessions to
      // come (issue 36: no calendar says how many there are, so no 'you can miss 2 more this semester').
      await context.clearCookies();
      await page.evaluate(() => localStorage.clear());
      await login(page, 'kabir@school.test', PASSWORD, '/student-dashboard');
      await expect.poll(() => headline.innerText()).toBe('90% — above the 75% required');
      await expect.poll(() => page.getByTestId('attendance-rate').innerText()).toBe('90%');
      expect(await page.getByTestId('standing-advice').count()).toBe(0);
      await context.close();
    });

    it(`the teacher's At risk list, sortable (${size})`, { timeout: 300_000 }, async () => {
      const { page, context } = await school.newPage({ size: viewport });
      await login(page, 'meera@school.test', PASSWORD, '/teacher-dashboard');
      await page.getByRole('tab', { name: MSG.attendanceRule.atRiskTitle }).click();
      const rows = page.getByTestId('at-risk-row');
      await expect.poll(() => rows.count()).toBe(2);
      expect(await rows.first().innerText()).toContain('zara');
      expect(await rows.first().innerText()).toContain('40%');
      expect(await rows.first().innerText()).toContain(MSG.attendanceRule.belowShort(14));
      expect(await rows.nth(1).innerText()).toContain(MSG.attendanceRule.closeShort(2));
      await page.getByLabel(MSG.attendanceRule.sortBy).selectOption('name');
      await expect.poll(() => rows.first().innerText()).toContain('kabir');
      await noOverflow(page, `teacher ${size}`);
      await screenshot(page, `attendance-rule-teacher-${size}`, true);
      await context.close();
    });

    it(`the admin's shortfall, its CSV, and the rule card (${size})`, { timeout: 300_000 }, async () => {
      const { page, context } = await school.newPage({ size: viewport });
      await login(page, 'head@school.test', PASSWORD, '/admin-dashboard');
      await expect.poll(() => page.getByTestId('stat-below-rule').innerText()).toBe('1');
      const shortfall = page.getByRole('region', { name: MSG.attendanceRule.shortfallTitle });
      await expect.poll(() => shortfall.getByTestId('shortfall-row').count()).toBe(1);
      expect(await shortfall.getByTestId('shortfall-row').innerText()).toMatch(size === 'phone' ? /zara\s+40%\s+14/ : /zara\s+BCA\s+40%\s+4 \/ 10\s+14/);
      const csv = await downloadedCsv(page, () => shortfall.getByRole('button', { name: MSG.attendanceRule.exportCsv }).click());
      expect(csv.name).toMatch(/^attendance_shortfall_\d{8}_\d{6}\.csv$/);
      expect(csv.rows.map((r) => r.slice(0, 8))).toEqual([
        ['Student', 'Department', 'Rate (%)', 'Required (%)', 'Held', 'Attended', 'Excused', 'Sessions needed'],
        ['zara', 'BCA', '40', '75', '10', '4', '0', '14'],
      ]);

      // The rule card (on the Settings page, issue 36) refuses a rate of 0 and keeps the rule; 95% puts kabir below it too.
      await page.goto('/admin-dashboard/settings');
      const card = page.getByRole('region', { name: MSG.attendanceRule.settingsTitle });
      const rate = card.getByLabel(MSG.attendanceRule.requiredRate);
      await rate.fill('0');
      await card.getByRole('button', { name: MSG.attendanceRule.save }).click();
      await card.getByText(MSG.attendanceRule.badRate).waitFor();
      await rate.fill('95');
      await card.getByRole('button', { name: MSG.attendanceRule.save }).click();
      await toastWith(page, MSG.attendanceRule.saved).waitFor();
      await screenshot(page, `attendance-rule-admin-settings-${size}`, true);
      const settingsOverflow = await page.evaluate(horizontalOverflow);
      await page.goto('/admin-dashboard');
      await expect.poll(() => page.getByTestId('stat-below-rule').innerText()).toBe('2');
      await expect.poll(() => shortfall.getByTestId('shortfall-row').count()).toBe(2);
      await screenshot(page, `attendance-rule-admin-${size}`, true);
      const overflow = await page.evaluate(horizontalOverflow);
      await page.goto('/admin-dashboard/settings');
      await rate.fill('75');
      await card.getByRole('button', { name: MSG.attendanceRule.save }).click();
      await toastWith(page, MSG.attendanceRule.saved).waitFor();
      await page.goto('/admin-dashboard');
      await expect.poll(() => page.getByTestId('stat-below-rule').innerText()).toBe('1');
      expect(overflow, `admin ${size}`).toEqual({ page: false, outside: [], scrollers: [] });
      expect(settingsOverflow, `admin settings ${size}`).toEqual({ page: false, outside: [], scrollers: [] });

      await context.close();
    });
  }
});
