import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { MSG } from '@shared/messages';
import { insertSession } from '@harness/geofence-sessions';
import type { createTestUser } from '../helpers/test-server';
import { hasChromium, screenshot, toastWith } from './support/browser';
import { login } from './support/journey';
import { horizontalOverflow } from './support/overflow';
import { PHONE, useBrowserSchool } from './support/school';

const PASSWORD = 'Str0ng!pass';

async function expectNoOverflow(page: Page, where: string) {
  await page.waitForTimeout(300); // layout settles after data arrives
  expect(await page.evaluate(horizontalOverflow), where).toEqual({ page: false, outside: [], scrollers: [] });
}

/** Whether two elements' boxes intersect, measured once a toast has finished sliding in. */
async function overlaps(a: Locator, b: Locator) {
  await a.page().waitForTimeout(600);
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) throw new Error('element not on screen');
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

describe.skipIf(!hasChromium)('dashboards on a 390 px phone in Chromium', () => {
  const school = useBrowserSchool();
  let teacher: Awaited<ReturnType<typeof createTestUser>>;
  let student: Awaited<ReturnType<typeof createTestUser>>;
  const presentAt = '2026-11-20T04:05:06.000Z';
  const absentAt = '2026-11-21T04:15:00.000Z';

  beforeAll(async () => {
    teacher = await school.createUser({ role: 'teacher', department: 'BCA', password: PASSWORD, username: 'rkapoor' });
    student = await school.createUser({ role: 'student', department: 'BCA', password: PASSWORD, username: 'priyanshusharma2007' });
    await school.createUser({
      role: 'student',
      department: 'BCA',
      username: 'averyveryverylongusername01',
      email: 'averyveryverylongaddress.of.a.student@school.test',
    });
    // Two past classes: present in the first, marked absent by the teacher in the later one.
    const dept = await school.server.db.selectFrom('departments').select('id').where('name', '=', 'BCA').executeTakeFirstOrThrow();
    for (const [day, status, markedAt] of [
      ['2026-11-20', 'present', presentAt],
      ['2026-11-21', 'absent', absentAt],
    ] as const) {
      const { id } = await school.server.db
        .insertInto('geofence_sessions')
        .values({
          teacher_id: teacher.id,
          department_id: dept.id,
          latitude: 23.0225,
          longitude: 72.5714,
          radius_m: 50,
          started_at: `${day}T04:00:00.000Z`,
          ends_at: `${day}T04:10:00.000Z`,
          ended_at: `${day}T04:10:00.000Z`,
          end_reason: 'manual',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await school.server.db
        .insertInto('attendance_records')
        .values({
          session_id: id,
          student_id: student.id,
          status,
          marked_at: markedAt,
          manual_override: status === 'absent' ? 1 : 0,
          marked_by: status === 'absent' ? teacher.id : null,
          geofencing_status: status === 'present' ? 'valid' : null,
          face_recognition_status: status === 'present' ? 'verified' : null,
          updated_at: markedAt,
        })
        .execute();
    }
  });

  it('student: Last Check-in is the last present mark (not a later absent one); no tab overflows; toasts stay clear of Profile and Logout', {
    timeout: 300_000,
  }, async () => {
    const { page, context } = await school.newPage({ size: PHONE });
    await login(page, student.email, PASSWORD, '/student-dashboard');
    await expect.poll(() => page.getByTestId('last-check-in').innerText()).toBe(formatDateTime(presentAt));
    await page.getByText(MSG.student.lastPresentNote, { exact: false }).waitFor();
    await expectNoOverflow(page, 'student overview');
    await screenshot(page, 'phone-390-student-overview', true);

    await page.getByRole('tab', { name: MSG.student.tabs.attendance }).click();
    await page.getByRole('row').filter({ hasText: 'Absent' }).getByText(MSG.student.markedManually).waitFor();
    await expectNoOverflow(page, 'student attendance');
    await screenshot(page, 'phone-390-student-attendance', true);

    // Mark Attendance sits in the session banner, shown while a session is open: one opens, and the page (given no
    // location permission) answers the click with a toast
    const bca = await school.server.db.selectFrom('departments').select('id').where('name', '=', 'BCA').executeTakeFirstOrThrow();
    const opened = await insertSession(school.server.db, {
      teacher_id: teacher.id,
      department_id: bca.id,
      started_at: new Date().toISOString(),
      ends_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    try {
      await page.reload();
      await page.getByRole('tab', { name: MSG.student.tabs.overview }).click();
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('button', { name: MSG.student.markAttendance }).click();
      const toast = page.locator('[data-sonner-toast]').first();
      await toast.waitFor();
      for (const control of [page.getByRole('button', { name: MSG.student.profile }), page.getByRole('button', { name: MSG.nav.logout })]) {
        expect(await overlaps(toast, control)).toBe(false);
      }
    } finally {
      // The teacher's test below expects the school as it was: no session open, the student's last mark Absent.
      await school.server.db.deleteFrom('geofence_sessions').where('id', '=', opened).execute();
      await context.close();
    }
  });

  it('teacher: no tab overflows at 390 px (the Students table shows every column); toasts stay clear of Logout', { timeout: 300_000 }, async () => {
    const { page, context } = await school.newPage({ size: PHONE });
    await login(page, teacher.email, PASSWORD, '/teacher-dashboard');
    await page.getByTestId('stat-total').getByText('2').waitFor();
    await expectNoOverflow(page, 'teacher overview');
    await screenshot(page, 'phone-390-teacher-overview', true);

    await page.getByRole('tab', { name: MSG.teacher.tabs.students }).click();
    await page.getByRole('row').filter({ hasText: student.username }).getByText('Absent').waitFor();
    await expectNoOverflow(page, 'teacher students');
    await screenshot(page, 'phone-390-teacher-students', true);

    await page.getByRole('tab', { name: MSG.teacher.tabs.overview }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: MSG.teacher.startAttendance }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    const toast = toastWith(page, MSG.teacher.startCanceled);
    await toast.waitFor();
    expect(await overlaps(toast, page.getByRole('button', { name: MSG.nav.logout }))).toBe(false);
    await context.close();
  });
});
