import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { fixture } from '@harness/face-fixtures';
import { seriousViolations } from './support/axe';
import { hasChromium, hasFakeCamera, launchBrowser, NO_CAMERA_MESSAGE, openPage, screenshot, setStoredToken, toastWith } from './support/browser';
import { capturedPreviews, captureThree, capturePhotos } from './support/face-capture';
import { apiLogin } from './support/journey';
import { horizontalOverflow } from './support/overflow';
import { LAPTOP, PHONE, useBrowserSchool } from './support/school';

if (hasChromium && !hasFakeCamera) console.warn(NO_CAMERA_MESSAGE);

const PASSWORD = 'Str0ng!pass';
const SIZES = [PHONE, LAPTOP];

/** The public site's header is not on the page: no Login or Register link, no site menu, even folded away. */
async function expectNoPublicHeader(page: Page) {
  for (const name of [MSG.nav.login, MSG.nav.register]) {
    expect(await page.getByRole('link', { name, exact: true, includeHidden: true }).count(), name).toBe(0);
  }
  expect(await page.getByRole('button', { name: MSG.nav.menu, includeHidden: true }).count()).toBe(0);
}

const saveButton = (page: Page) => page.getByRole('button', { name: MSG.admin.updateUser.save });

/**
 * Issue 36: /update-user as each role meets it. A signed-in student sees their dashboard's header (not the public
 * Login/Register one) and takes new photos with registration's camera overlay and previews; an admin edits a user in
 * the portal; a visitor is sent to log in and back; without a camera the photos come from files.
 */
describe.skipIf(!hasChromium || !hasFakeCamera)('/update-user in Chromium with the fake camera', () => {
  const school = useBrowserSchool({ fakeCamera: true });
  let admin: { email: string; password: string };
  let teacher: { email: string; password: string };
  /** A browser whose camera cannot open: no device at all (no fake one). */
  let cameraless: Browser;

  beforeAll(async () => {
    admin = await school.createUser({ role: 'admin', password: PASSWORD });
    teacher = await school.createUser({ role: 'teacher', department: 'BCA', password: PASSWORD });
    cameraless = await launchBrowser();
  });
  afterAll(() => cameraless?.close());

  for (const size of SIZES) {
    it(`a student at ${size.width} px: the dashboard's header, three photos from the camera, their previews, one removed and retaken, saved`, {
      timeout: 600_000,
    }, async () => {
      const student = await school.createUser({ role: 'student', department: 'BCA', password: PASSWORD, username: `photos${size.width}` });
      const { page, context } = await school.newPage({ size, camera: true, as: student });
      await page.goto('/update-user');
      await page.getByRole('heading', { level: 1, name: MSG.admin.updateUser.title }).waitFor();
      // the signed-in header of the student's pages: the dashboard's title (from 640 px) and Logout
      const header = page.getByRole('banner');
      await header.getByRole('button', { name: MSG.nav.logout }).waitFor();
      if (size.width >= 640) await header.getByText(MSG.dashboard.titles.student).waitFor();
      await expectNoPublicHeader(page);
      await expect.poll(() => page.getByLabel(MSG.register.labels.username).inputValue()).toBe(student.username);
      expect(await page.getByTestId('capture-status').innerText()).toBe(MSG.capture.start);

      await captureThree(page);
      expect(await capturedPreviews(page).count()).toBe(3);
      expect(await page.getByTestId('capture-status').innerText()).toBe(MSG.admin.updateUser.capturedEnough);
      // no file picker while the camera works
      expect(await page.getByTestId('photo-files').count()).toBe(0);
      // each preview is a real frame of the camera (320x240, not black)
      const frames = await capturedPreviews(page).evaluateAll((imgs) =>
        imgs.map((i) => [(i as HTMLImageElement).naturalWidth, (i as HTMLImageElement).naturalHeight]),
      );
      expect(frames).toEqual([
        [320, 240],
        [320, 240],
        [320, 240],
      ]);

      // one removed: Save waits and says the rule under itself
      await page.getByRole('button', { name: MSG.register.removeImage(2) }).click();
      expect(await capturedPreviews(page).count()).toBe(2);
      expect(await saveButton(page).isDisabled()).toBe(true);
      expect(await page.getByTestId('save-rule').innerText()).toBe(MSG.admin.updateUser.needThree(1));
      await screenshot(page, `update-user-student-two-${size.width}`, true);
      await capturePhotos(page, 3, MSG.admin.updateUser.capturedEnough);
      expect(await capturedPreviews(page).count()).toBe(3);
      expect(await saveButton(page).isEnabled()).toBe(true);
      expect(await page.getByTestId('save-rule').count()).toBe(0);
      expect(await page.evaluate(horizontalOverflow)).toEqual({ page: false, outside: [], scrollers: [] });
      await screenshot(page, `update-user-student-${size.width}`, true);
      expect(await seriousViolations(page, `update-user-student-${size.width}`)).toEqual([]);

      await saveButton(page).click();
      // the face engine reads the three photos first (beside another test run, a cold engine takes long)
      await page.getByTestId('face-change-waiting').getByText(MSG.faceChange.waiting).waitFor({ timeout: 300_000 });
      // said once, in the page: no toast over the heading repeats it
      expect(await toastWith(page, MSG.faceChange.waiting).count()).toBe(0);
      expect(await capturedPreviews(page).count()).toBe(0);
      const change = await school.server.db
        .selectFrom('face_changes')
        .innerJoin('face_change_images', 'face_change_images.change_id', 'face_changes.id')
        .select(['face_changes.status'])
        .where('face_changes.user_id', '=', student.id)
        .execute();
      expect(change.map((c) => c.status)).toEqual(['pending', 'pending', 'pending']);
      // the save scrolled the page: from its top, the sticky header is drawn where it sits
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `update-user-student-saved-${size.width}`, true);
      expect(await seriousViolations(page, `update-user-student-saved-${size.width}`)).toEqual([]);
      await context.close();
    });

    it(`an admin at ${size.width} px opens a user's /update-user?id= in the portal, filed under Users`, { timeout: 300_000 }, async () => {
      const student = await school.createUser({ role: 'student', department: 'BCA', password: PASSWORD, username: `edited${size.width}` });
      const { page, context } = await school.newPage({ size, camera: true, as: admin });
      await page.goto(`/update-user?id=${student.id}`);
      await page.getByRole('heading', { level: 1, name: MSG.admin.updateUser.adminTitle }).waitFor();
      await expect.poll(() => page.getByLabel(MSG.register.labels.username).inputValue()).toBe(student.username);
      if (size.width >= 768) {
        const sidebar = page.getByTestId('admin-sidebar');
        await sidebar.getByRole('button', { name: MSG.nav.logout }).waitFor();
        expect(await sidebar.getByRole('link', { name: MSG.admin.nav.users }).getAttribute('class')).toContain('bg-accent');
      } else {
        await page.getByTestId('admin-menu-bar').getByText(`${MSG.admin.portal} · ${MSG.admin.nav.users}`).waitFor();
      }
      await expectNoPublicHeader(page);
      // the words speak of that user, not of the admin's own details and face
      await page.getByText(MSG.admin.updateUser.photosHintOther).waitFor();
      expect(await page.getByText(MSG.register.facesHint).count()).toBe(0);
      await page.getByLabel(MSG.register.labels.phone).fill('9876543210');
      await page.getByRole('button', { name: MSG.admin.updateUser.save }).click();
      await toastWith(page, MSG.admin.updateUser.savedOther).waitFor();
      expect((await school.server.db.selectFrom('users').select('phone_number').where('id', '=', student.id).executeTakeFirstOrThrow()).phone_number).toBe(
        '9876543210',
      );
      // the admin's photos apply at once: the twin leave appears once photos are taken
      await captureThree(page);
      await page.getByLabel(MSG.faceChange.allowSameFace).waitFor();
      expect(await page.evaluate(horizontalOverflow)).toEqual({ page: false, outside: [], scrollers: [] });
      await screenshot(page, `update-user-admin-${size.width}`, true);
      expect(await seriousViolations(page, `update-user-admin-${size.width}`)).toEqual([]);
      await context.close();
    });
  }

  it("a teacher meets it under the teacher dashboard's header, the way back to that dashboard", { timeout: 300_000 }, async () => {
    const { page, context } = await school.newPage({ size: LAPTOP, as: teacher });
    await page.goto('/update-user');
    await page.getByRole('heading', { level: 1, name: MSG.admin.updateUser.title }).waitFor();
    await page.getByRole('banner').getByText(MSG.dashboard.titles.teacher).waitFor();
    await expectNoPublicHeader(page);
    await page.getByRole('link', { name: MSG.verification.backToDashboard }).click();
    await page.waitForURL('**/teacher-dashboard');
    await context.close();
  });

  it('logged out: sent to log in, and back to /update-user after it', { timeout: 300_000 }, async () => {
    const student = await school.createUser({ role: 'student', department: 'BCA', password: PASSWORD });
    const { page, context } = await school.newPage({ size: PHONE });
    await page.goto('/update-user');
    await page.waitForURL('**/login');
    await page.getByLabel(MSG.login.emailLabel).fill(student.email);
    await page.getByLabel(MSG.login.passwordLabel, { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: MSG.login.submit }).click();
    await page.waitForURL('**/update-user', { timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: MSG.admin.updateUser.title }).waitFor();
    await context.close();
  });

  it('no camera: the field says so and takes three files instead, with the same previews', { timeout: 300_000 }, async () => {
    const student = await school.createUser({ role: 'student', department: 'BCA', password: PASSWORD });
    const { page, context } = await openPage(cameraless, school.server.url, { camera: true, viewport: PHONE });
    await setStoredToken(page, await apiLogin(school.server.url, student.email, PASSWORD));
    await page.goto('/update-user');
    await page.getByRole('heading', { level: 1, name: MSG.admin.updateUser.title }).waitFor();
    expect(await page.getByTestId('photo-files').count()).toBe(0);
    await page.getByRole('button', { name: MSG.register.openCamera }).click();
    const files = page.getByTestId('photo-files');
    await files.getByText(MSG.capture.noCamera).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('dialog').count()).toBe(0);
    await files.getByLabel(MSG.capture.chooseFiles).setInputFiles(['f005', 'f045', 'f070'].map((f) => fixture('clips', `enroll_aoc_${f}.jpg`)));
    await expect.poll(() => capturedPreviews(page).count()).toBe(3);
    expect(await saveButton(page).isEnabled()).toBe(true);
    await screenshot(page, 'update-user-no-camera-390', true);
    expect(await seriousViolations(page, 'update-user-no-camera-390')).toEqual([]);
    await context.close();
  });
});
