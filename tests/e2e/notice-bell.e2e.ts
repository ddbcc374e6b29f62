import { describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { patchJson } from '@harness/api-client';
import { signInTestUser } from '../helpers/test-server';
import { hasChromium, screenshot, toastWith } from './support/browser';
import { horizontalOverflow } from './support/overflow';
import { LAPTOP, PHONE, useBrowserSchool } from './support/school';

const PASSWORD = 'Str0ng!pass';

/**
 * Issue 39's bell: a student approved and then granted leave finds both in the bell of their dashboard, reads them
 * and marks them read; the administrator sets the absences-in-a-row warning and sees that email is not set up. At a
 * phone's width and a desktop's.
 */
describe.skipIf(!hasChromium)('the notice bell (Chromium)', () => {
  const school = useBrowserSchool();

  /** A student approved by their teacher, whose leave the teacher then approved: two notices, both unread. */
  async function notifiedStudent(username: string) {
    const server = school.server;
    const teacher = await signInTestUser(server, { role: 'teacher', department: 'BCA' });
    const student = await school.createUser({ role: 'student', department: 'BCA', status: 'pending', username, password: PASSWORD });
    expect((await patchJson(`${server.url}/api/approve_students`, { user_ids: [student.id] }, teacher.token)).status).toBe(200);
    const { id } = await server.db
      .insertInto('leave_requests')
      .values({ student_id: student.id, from_date: '2026-03-03', to_date: '2026-03-04', reason: 'Fever', requested_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const decided = await patchJson(`${server.url}/api/decide_leave_request`, { request_id: id, decision: 'approve', note: 'Get well soon' }, teacher.token);
    expect(decided.status).toBe(200);
    return student;
  }

  for (const [label, size] of [
    ['390', PHONE],
    ['1440', LAPTOP],
  ] as const) {
    it(`a student reads their notices and marks them read at ${label} px`, { timeout: 120_000 }, async () => {
      const student = await notifiedStudent(`bell${label}`);
      const { page, context } = await school.newPage({ size, as: { email: student.email, password: PASSWORD } });
      await page.goto('/student-dashboard');
      const bell = page.getByTestId('notice-bell');
      await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 20_000 }).toBe(MSG.notices.bellLabel(2));
      await bell.click();
      const dialog = page.getByRole('dialog', { name: MSG.notices.title });
      const items = dialog.getByRole('listitem');
      await items.first().waitFor();
      expect(await items.count()).toBe(2);
      // Newest first: the leave decision, then the approval.
      expect(await items.nth(0).innerText()).toContain(
        MSG.notices.text({ kind: 'leave_decided', status: 'approved', from_date: '2026-03-03', to_date: '2026-03-04', note: 'Get well soon' }, 'user').body,
      );
      expect(await items.nth(1).innerText()).toContain('Registration approved');
      expect(await page.evaluate(horizontalOverflow)).toEqual({ page: false, outside: [], scrollers: [] });
      await screenshot(page, `notice-bell-${label}`);

      await items.nth(1).getByRole('button', { name: MSG.notices.markRead }).click();
      await expect.poll(() => bell.getAttribute('aria-label')).toBe(MSG.notices.bellLabel(1));
      await dialog.getByRole('button', { name: MSG.notices.markAllRead }).click();
      await expect.poll(() => bell.getAttribute('aria-label')).toBe(MSG.notices.bellLabel(0));
      expect(await dialog.getByRole('button', { name: MSG.notices.markRead }).count()).toBe(0);
      // Read stays read after a reload.
      await page.reload();
      await expect.poll(() => page.getByTestId('notice-bell').getAttribute('aria-label'), { timeout: 20_000 }).toBe(MSG.notices.bellLabel(0));
      await context.close();
    });
  }

  it('the administrator sets the absences-in-a-row warning and sees email is not set up', { timeout: 120_000 }, async () => {
    await school.createUser({ role: 'admin', email: 'bell.admin@school.test', password: PASSWORD, username: 'belladmin' });
    for (const [label, size] of [
      ['390', PHONE],
      ['1440', LAPTOP],
    ] as const) {
      const { page, context } = await school.newPage({ size, as: { email: 'bell.admin@school.test', password: PASSWORD } });
      await page.goto('/admin-dashboard/settings');
      const field = page.getByLabel(MSG.notices.absenceWarning.label);
      await expect.poll(() => field.inputValue(), { timeout: 20_000 }).toBe(label === '390' ? '3' : '4');
      expect(await page.getByTestId('email-delivery-state').innerText()).toBe(MSG.notices.delivery.notConfigured);
      expect(await page.getByTestId('notice-bell').getAttribute('aria-label')).toBe(MSG.notices.bellLabel(0));
      await field.fill('40');
      await page.getByRole('button', { name: MSG.notices.absenceWarning.save }).click();
      await page.getByText(MSG.notices.absenceWarning.hint, { exact: true }).last().waitFor();
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      await field.fill('4');
      await page.getByRole('button', { name: MSG.notices.absenceWarning.save }).click();
      await toastWith(page, MSG.notices.absenceWarning.saved(4)).waitFor();
      expect(await page.evaluate(horizontalOverflow)).toEqual({ page: false, outside: [], scrollers: [] });
      await field.scrollIntoViewIfNeeded();
      await screenshot(page, `notice-settings-${label}`);
      await context.close();
    }
  });

  it("the administrator sets a student's guardian email in the user modal", { timeout: 120_000 }, async () => {
    await school.createUser({ role: 'admin', email: 'guardian.admin@school.test', password: PASSWORD, username: 'guardadmin' });
    const student = await school.createUser({ role: 'student', department: 'BCA', username: 'wardstudent' });
    for (const [label, size] of [
      ['390', PHONE],
      ['1440', LAPTOP],
    ] as const) {
      const { page, context } = await school.newPage({ size, as: { email: 'guardian.admin@school.test', password: PASSWORD } });
      await page.goto('/admin-dashboard/users?role=student');
      await page.getByLabel(MSG.userList.search).fill(student.username);
      await page.getByRole('button', { name: MSG.admin.edit(student.username) }).click();
      const dialog = page.getByRole('dialog');
      const field = dialog.getByLabel(MSG.notices.guardianEmail);
      await field.fill('not an address');
      await dialog.getByRole('button', { name: MSG.notices.guardianSave }).click();
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      const address = `parent.${label}@home.test`;
      await field.fill(address);
      await dialog.getByRole('button', { name: MSG.notices.guardianSave }).click();
      await toastWith(page, MSG.notices.guardianSaved).first().waitFor();
      await expect
        .poll(
          async () =>
            (await school.server.db.selectFrom('users').select('guardian_email').where('id', '=', student.id).executeTakeFirstOrThrow()).guardian_email,
        )
        .toBe(address);
      await field.scrollIntoViewIfNeeded();
      await screenshot(page, `notice-guardian-${label}`);
      await context.close();
    }
  });
});
