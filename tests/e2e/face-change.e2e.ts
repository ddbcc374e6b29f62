import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { fixture, hasFixtures, NO_FIXTURES_MESSAGE } from '@harness/face-fixtures';
import { createTestUser, startTestServer, type TestServer } from '../helpers/test-server';
import { hasChromium, launchBrowser, openPage, screenshot, toastWith } from './support/browser';
import { captureThree } from './support/face-capture';
import { login, registerViaApi } from './support/journey';

if (hasChromium && !hasFixtures) console.warn(NO_FIXTURES_MESSAGE);

const PASSWORD = 'Str0ng!pass';

/** Runs one face check on /face-detection with the fake camera; resolves to the server's error code, or 'accepted'. */
async function faceCheck(page: Page): Promise<string> {
  await page.goto('/face-detection');
  const start = page.getByRole('button', { name: MSG.verification.start });
  await expect.poll(() => start.isEnabled(), { timeout: 15_000 }).toBe(true);
  await page.waitForTimeout(500); // let a few frames of the clip pass
  const verdict = page.waitForResponse((r) => r.url().endsWith('/api/compare-face-video'), { timeout: 150_000 });
  await start.click();
  const body = await (await verdict).json();
  return body.success === true ? 'accepted' : body.error_code;
}

/** Every <img> inside the locator has loaded a real picture (a signed URL that answered with an image). */
const allLoaded = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator('img')
    .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0));

describe.skipIf(!hasChromium || !hasFixtures)('a face change in Chromium: upload, wait, teacher approves, the new face verifies', () => {
  let server: TestServer;
  let aocCamera: Browser;
  const student = { username: 'changer', email: 'changer@school.test', password: PASSWORD, department: 'BCA' };
  let teacher: { email: string; password: string };

  beforeAll(async () => {
    server = await startTestServer();
    aocCamera = await launchBrowser({ camera: fixture('clips', 'aoc_3blinks_3s.y4m') });
    const enrolled = ['f005', 'f030', 'f050'].map((f) => fixture('clips', `enroll_d0_${f}.jpg`));
    expect(await registerViaApi(server.url, student, enrolled)).toMatchObject({ success: true });
    await server.db.updateTable('users').set({ status: 'active' }).where('email', '=', student.email).execute();
    teacher = await createTestUser(server.db, { role: 'teacher', department: 'BCA', password: PASSWORD });
  }, 180_000);

  afterAll(async () => {
    await aocCamera?.close();
    await server?.close();
  });

  it("the student's new photos wait on /update-user, the teacher approves them beside the old ones, then the new face passes", {
    timeout: 600_000,
  }, async () => {
    // The camera shows aoc; the account is enrolled with d0's face. The student takes aoc's photos with it.
    const { page: studentPage } = await openPage(aocCamera, server.url, { camera: true });
    await login(studentPage, student.email, PASSWORD, '/student-dashboard');
    await studentPage.goto('/update-user');
    await captureThree(studentPage);
    await studentPage.getByRole('button', { name: MSG.admin.updateUser.save }).click();
    // said once, in the form (no toast repeating it)
    await studentPage.getByTestId('face-change-waiting').getByText(MSG.faceChange.waiting).waitFor({ timeout: 120_000 });
    expect(await toastWith(studentPage, MSG.faceChange.waiting).count()).toBe(0);
    // it keeps saying so after a reload: the page reads it from the server
    await studentPage.reload();
    await studentPage.getByTestId('face-change-waiting').getByText(MSG.faceChange.waiting).waitFor();
    await screenshot(studentPage, 'face-change-waiting');

    // until the teacher approves, the enrolled (d0) face still decides: aoc's live face is refused
    expect(await faceCheck(studentPage)).toBe('identity_mismatch');

    const { page: teacherPage, context: teacherContext } = await openPage(aocCamera, server.url);
    await login(teacherPage, teacher.email, PASSWORD, '/teacher-dashboard');
    const change = teacherPage.getByTestId('pending-face-changes').getByTestId('face-change');
    await change.getByText(student.username, { exact: true }).waitFor({ timeout: 15_000 });
    await change.getByTestId('face-change-verdict').getByText(MSG.faceChange.notSamePerson).waitFor();
    await expect.poll(() => allLoaded(teacherPage, 'face-change-old'), { timeout: 15_000 }).toEqual([true, true, true]);
    await expect.poll(() => allLoaded(teacherPage, 'face-change-new'), { timeout: 15_000 }).toEqual([true, true, true]);
    // old and new side by side: the same row, the enrolled photos on the left
    const oldBox = (await change.getByTestId('face-change-old').boundingBox())!;
    const newBox = (await change.getByTestId('face-change-new').boundingBox())!;
    expect(newBox.x).toBeGreaterThan(oldBox.x + oldBox.width - 1);
    expect(Math.abs(newBox.y - oldBox.y)).toBeLessThan(4);
    await screenshot(teacherPage, 'face-change-teacher-review', true);
    // Issue 36: photos that do not match are approved only once the teacher says so.
    expect(await change.getByRole('button', { name: MSG.faceChange.approve }).isDisabled()).toBe(true);
    await change.getByLabel(MSG.faceChangeVerdict.confirmMismatch).check();
    await change.getByRole('button', { name: MSG.faceChange.approve }).click();
    await toastWith(teacherPage, MSG.faceChange.approved).waitFor();
    await teacherPage.getByTestId('pending-face-changes').getByText(MSG.faceChange.pendingEmpty).waitFor();
    await teacherContext.close();

    // the student's next check uses the new photos
    expect(await faceCheck(studentPage)).toBe('accepted');
    await studentPage.goto('/update-user');
    await studentPage.getByRole('heading', { name: MSG.admin.updateUser.title }).waitFor();
    expect(await studentPage.getByTestId('face-change-waiting').count()).toBe(0);
  });
});
