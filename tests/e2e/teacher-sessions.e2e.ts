import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { MSG } from '@shared/messages';
import { postJson } from '@harness/api-client';
import { hasChromium, toastWith } from './support/browser';
import { apiLogin, login } from './support/journey';
import { useBrowserSchool } from './support/school';

const PASSWORD = 'Str0ng!pass';
const CLASSROOM = { latitude: 23.0225, longitude: 72.5714 };

describe.skipIf(!hasChromium)('teacher sessions in Chromium: the latest session, its statistics and manual marks', () => {
  const school = useBrowserSchool();

  /** A teacher with three students of their department, and REST calls made with the teacher's token. */
  async function classOf(department: string, prefix: string) {
    const { server } = school;
    const teacher = await school.createUser({ role: 'teacher', department, password: PASSWORD, username: `${prefix}teacher` });
    const students = [];
    for (const name of ['anya', 'bela', 'chen']) students.push(await school.createUser({ role: 'student', department, username: `${prefix}${name}` }));
    const token = await apiLogin(server.url, teacher.email, PASSWORD);
    const call = async (method: 'POST' | 'PATCH', path: string, body: unknown = {}) => {
      const res =
        method === 'POST'
          ? await postJson(`${server.url}${path}`, body, token)
          : await fetch(`${server.url}${path}`, {
              method,
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              body: JSON.stringify(body),
            }).then(async (r) => ({ status: r.status, body: await r.json() }));
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      return res.body;
    };
    const start = async () =>
      (await call('POST', '/api/start_geofence', { teacher_id: teacher.id, ...CLASSROOM, radius: 50, department })).session_id as number;
    const stop = () => call('PATCH', '/api/stop_geofence');
    const mark = (student_id: number, session_id: number, status: 'present' | 'absent') =>
      call('PATCH', '/api/mark_attendance_manual', { student_id, session_id, status });
    return { teacher, students, start, stop, mark };
  }

  const recordOf = (sessionId: number, studentId: number) =>
    school.server.db
      .selectFrom('attendance_records')
      .select(['status', 'manual_override'])
      .where('session_id', '=', sessionId)
      .where('student_id', '=', studentId)
      .executeTakeFirst();

  const stat = (page: Page, id: string) => page.getByTestId(`stat-${id}`).innerText();

  it('after Stop the Students tab shows the latest session, names it, and a change of mark writes into that session', { timeout: 300_000 }, async () => {
    const c = await classOf('IMCA', 'latest');
    const [anya, bela] = c.students;
    const older = await c.start();
    await c.stop();
    const latest = await c.start();
    await c.mark(anya.id, latest, 'present');
    await c.stop();

    const { page, context } = await school.newPage();
    await login(page, c.teacher.email, PASSWORD, '/teacher-dashboard');
    await page.getByRole('tab', { name: MSG.teacher.tabs.students }).click();
    const started = await school.server.db.selectFrom('geofence_sessions').select('started_at').where('id', '=', latest).executeTakeFirstOrThrow();
    await expect.poll(() => page.getByTestId('students-session').innerText()).toBe(MSG.teacher.sessionOf(formatDateTime(started.started_at), false));
    await page.getByRole('row').filter({ hasText: anya.username }).getByText('Present').waitFor({ timeout: 5_000 });

    await page.getByRole('row').filter({ hasText: bela.username }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByTestId('detail-session').innerText()).toBe(await page.getByTestId('students-session').innerText());
    // Bela was marked absent when the session ended: the dialog offers only the change.
    expect(await dialog.getByRole('button', { name: MSG.teacher.detail.markAbsent }).count()).toBe(0);
    await dialog.getByRole('button', { name: MSG.markChange.changeTo('present') }).click();
    await toastWith(page, MSG.teacher.updated(MSG.attendance.manualMarked(bela.username, 'present'))).waitFor();
    expect(await recordOf(latest, bela.id)).toEqual({ status: 'present', manual_override: 1 });
    // The older session keeps the system's absent mark: nothing was written into it by hand.
    expect(await recordOf(older, bela.id)).toEqual({ status: 'absent', manual_override: 0 });
    await context.close();
  });

  it('while a session runs, students who have not marked are not counted absent; after it ends they are', { timeout: 300_000 }, async () => {
    const c = await classOf('BSCIT', 'stats');
    const session = await c.start();
    const { page, context } = await school.newPage();
    await login(page, c.teacher.email, PASSWORD, '/teacher-dashboard');
    await expect.poll(() => stat(page, 'not-marked'), { timeout: 10_000 }).toBe('3');
    expect([await stat(page, 'total'), await stat(page, 'present'), await stat(page, 'absent')]).toEqual(['3', '0', '0']);
    await page.getByRole('term').getByText(MSG.teacher.absentManual, { exact: true }).waitFor();

    await c.mark(c.students[0].id, session, 'present');
    await c.mark(c.students[1].id, session, 'absent');
    await expect.poll(() => stat(page, 'absent'), { timeout: 10_000 }).toBe('1');
    expect([await stat(page, 'present'), await stat(page, 'not-marked')]).toEqual(['1', '1']);

    await page.getByRole('button', { name: MSG.teacher.stopAttendance }).click();
    // Stop asks first, with the server's count of who it would mark absent.
    await expect.poll(() => page.getByTestId('stop-question').innerText()).toBe(MSG.stopConfirm.question(1));
    await page.getByRole('dialog').getByRole('button', { name: MSG.stopConfirm.confirm }).click();
    await toastWith(page, MSG.teacher.ended).waitFor();
    await expect.poll(() => stat(page, 'absent'), { timeout: 10_000 }).toBe('2');
    expect([await stat(page, 'present'), await stat(page, 'not-marked')]).toEqual(['1', '0']);
    await page.getByRole('term').getByText(MSG.teacher.absent, { exact: true }).waitFor();
    await context.close();
  });
});
