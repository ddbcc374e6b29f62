import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from '@/lib/format';
import { MSG } from '@shared/messages';
import { fixture, hasFixtures, NO_FIXTURES_MESSAGE } from '@harness/face-fixtures';
import { postJson } from '@harness/api-client';
import { createTestUser, startTestServer, type TestServer } from '../helpers/test-server';
import {
  FULL_CHROMIUM_PATH,
  hasChromium,
  hasFullChromium,
  launchBrowser,
  NO_FULL_CHROMIUM_MESSAGE,
  openPage,
  screenshot,
  setStoredToken,
  toastWith,
} from './support/browser';
import { apiLogin } from './support/journey';
import { horizontalOverflow, outOfView } from './support/overflow';

if (hasChromium && !hasFixtures) console.warn(NO_FIXTURES_MESSAGE);

const PASSWORD = 'Str0ng!pass';
const CLASSROOM = { latitude: 23.0225, longitude: 72.5714 };
/** A point `m` metres due north of the classroom. */
const north = (m: number) => ({ latitude: CLASSROOM.latitude + m / 111_195, longitude: CLASSROOM.longitude });
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];
const settle = (page: Page) => page.waitForTimeout(400);
/** The banner's open text with any countdown: the clock moves, the format does not. */
const OPEN_TITLE = /^BCA session open, ends in \d+:\d\d$/;

/**
 * The full Chromium with the aoc clip as its camera but no automatic yes to the camera prompt: a refusal is possible
 * (in the headless shell it is not: FULL_CHROMIUM_PATH).
 */
const launchWithoutCameraConsent = () =>
  launchBrowser({ camera: fixture('clips', 'aoc_3blinks_3s.y4m'), askForCamera: true, executablePath: FULL_CHROMIUM_PATH });

describe.skipIf(!hasChromium || !hasFixtures)('the student screens of issue 22 in Chromium', () => {
  let server: TestServer;
  let aocCamera: Browser;
  let teacher: Awaited<ReturnType<typeof createTestUser>>;
  let teacherToken: string;

  beforeAll(async () => {
    server = await startTestServer();
    aocCamera = await launchBrowser({ camera: fixture('clips', 'aoc_3blinks_3s.y4m') });
    teacher = await createTestUser(server.db, { role: 'teacher', department: 'BCA', password: PASSWORD, username: 'msharma' });
    teacherToken = await apiLogin(server.url, teacher.email, PASSWORD);
  });

  afterAll(async () => {
    await aocCamera?.close();
    await server?.close();
  });

  const startSession = async () => {
    const res = await postJson(`${server.url}/api/start_geofence`, { teacher_id: teacher.id, ...CLASSROOM, radius: 50, department: 'BCA' }, teacherToken);
    expect(res.status).toBe(201);
  };
  const stopSession = async () => {
    const res = await fetch(`${server.url}/api/stop_geofence`, { method: 'PATCH', headers: { authorization: `Bearer ${teacherToken}` } });
    expect(res.status).toBe(200);
  };

  for (const viewport of VIEWPORTS) {
    const size = `${viewport.width}x${viewport.height}`;

    describe(`at ${size}`, () => {
      let page: Page;
      let context: BrowserContext;
      let freshId: number;
      let freshToken: string;

      beforeAll(async () => {
        // Each size starts with no session open, whatever the other size's tests left.
        await fetch(`${server.url}/api/stop_geofence`, { method: 'PATCH', headers: { authorization: `Bearer ${teacherToken}` } });
        const fresh = await createTestUser(server.db, { role: 'student', department: 'BCA', password: PASSWORD, username: `fresh${viewport.width}` });
        ({ page, context } = await openPage(aocCamera, server.url, { camera: true, viewport }));
        await context.setGeolocation({ ...north(300), accuracy: 12 });
        freshId = fresh.id;
        freshToken = await apiLogin(server.url, fresh.email, PASSWORD);
        await setStoredToken(page, freshToken);
      });
      afterAll(() => context?.close());

      it('a new student: No session open now, No sessions yet (not 0%), and no record in the history', { timeout: 300_000 }, async () => {
        await page.goto('/student-dashboard');
        await expect.poll(() => page.getByTestId('session-banner-title').innerText()).toBe(MSG.studentScreens.banner.none);
        expect(await page.getByRole('button', { name: MSG.student.markAttendance }).count()).toBe(0);
        await expect.poll(() => page.getByTestId('attendance-rate').innerText()).toBe(MSG.studentScreens.noSessionsYet);
        expect(await page.getByText('0%').count()).toBe(0);
        await settle(page);
        await screenshot(page, `student-no-session-${size}`);
        await page.getByRole('tab', { name: MSG.student.tabs.attendance }).click();
        await page.getByRole('cell', { name: MSG.studentScreens.noSessionsYet }).waitFor();
        await page.getByRole('tab', { name: MSG.student.tabs.overview }).click();
      });

      it('the banner appears when the teacher starts a session, without a reload; it and Mark Attendance are on the first screen', {
        timeout: 300_000,
      }, async () => {
        await startSession();
        // No reload: the banner polls (every 10 s) and changes by itself.
        const title = page.getByTestId('session-banner-title');
        await expect.poll(() => title.innerText(), { timeout: 25_000 }).toMatch(OPEN_TITLE);
        await page.getByTestId('session-banner').getByText(MSG.studentScreens.banner.teacher('msharma')).waitFor();
        const mark = page.getByRole('button', { name: MSG.student.markAttendance });
        await mark.waitFor();
        expect(await outOfView(page, page.locator('body'), '[data-testid=session-banner], [data-testid=session-banner] button[type=submit]')).toEqual([]);
        expect(await page.evaluate(horizontalOverflow)).toEqual({ page: false, outside: [], scrollers: [] });
        await settle(page);
        await screenshot(page, `student-session-open-${size}`);
      });

      it('outside the circle the page says how far (and the phone’s own accuracy) and stays on the dashboard', { timeout: 300_000 }, async () => {
        await page.getByRole('button', { name: MSG.student.markAttendance }).click();
        const result = page.getByTestId('mark-result');
        // 300 m north of the classroom: the server's rounded distance, in the words; the toast keeps SPEC's.
        await result.getByText(MSG.studentScreens.outsideBy('300 m')).waitFor();
        await toastWith(page, MSG.student.outside).waitFor();
        await result.getByText(MSG.studentScreens.outsideAccuracy(12)).waitFor();
        expect(new URL(page.url()).pathname).toBe('/student-dashboard');
        // It stays past the 3-s toast: it is the page's text, not a toast's.
        await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
        expect(await result.isVisible()).toBe(true);
        await settle(page);
        await screenshot(page, `student-outside-${size}`);
      });

      it('the teacher marks the student present: the banner says “✓ Marked present at …” without a reload; history rows name the session; the profile leads to /update-user', {
        timeout: 300_000,
      }, async () => {
        const session = await server.db.selectFrom('geofence_sessions').select('id').where('ended_at', 'is', null).executeTakeFirstOrThrow();
        const res = await fetch(`${server.url}/api/mark_attendance_manual`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${teacherToken}` },
          body: JSON.stringify({ student_id: freshId, session_id: session.id, status: 'present' }),
        });
        expect(res.status).toBe(200);
        const record = await server.db.selectFrom('attendance_records').select('marked_at').where('student_id', '=', freshId).executeTakeFirstOrThrow();
        const markedText = MSG.studentScreens.markedPresent(formatTime(record.marked_at));
        await expect.poll(() => page.getByTestId('session-mark').innerText(), { timeout: 25_000 }).toBe(markedText);
        expect(await page.getByRole('button', { name: MSG.student.markAttendance }).count()).toBe(0);
        expect(await outOfView(page, page.locator('body'), '[data-testid=session-mark]')).toEqual([]);
        await settle(page);
        await screenshot(page, `student-marked-${size}`);

        await stopSession();
        const ended = await server.db.selectFrom('geofence_sessions').select(['started_at', 'ended_at']).where('id', '=', session.id).executeTakeFirstOrThrow();
        const times = MSG.studentScreens.sessionTimes(formatTime(ended.started_at), formatTime(ended.ended_at));
        await page.getByRole('tab', { name: MSG.student.tabs.attendance }).click();
        const row = page.getByRole('row').filter({ hasText: 'Present' }).first();
        await row.waitFor();
        if (viewport.width >= 768) {
          const headers = (await page.getByRole('columnheader').allTextContents()).map((t) => t.trim());
          expect(headers).toEqual([
            MSG.student.columns.date,
            MSG.studentScreens.columns.department,
            MSG.studentScreens.columns.teacher,
            MSG.studentScreens.columns.session,
            MSG.student.columns.status,
            MSG.student.columns.checkIn,
          ]);
          const cells = await row.getByRole('cell').allInnerTexts();
          expect(cells.slice(1, 4)).toEqual(['BCA', 'msharma', times]);
        } else {
          const text = await row.getByTestId('row-session').innerText();
          expect(text.split('\n')).toEqual(['BCA · msharma', times]);
        }
        expect(await page.evaluate(horizontalOverflow)).toEqual({ page: false, outside: [], scrollers: [] });
        await settle(page);
        await screenshot(page, `student-history-${size}`);

        await page.getByRole('button', { name: MSG.student.profile }).click();
        await page.getByRole('dialog').getByRole('link', { name: MSG.studentScreens.editDetails }).click();
        await page.waitForURL('**/update-user');
        const heading = page.getByRole('heading', { name: MSG.admin.updateUser.title });
        await heading.waitFor();
        const header = (await page.locator('header').first().boundingBox())!;
        expect((await heading.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
        expect(await page.evaluate(horizontalOverflow)).toEqual({ page: false, outside: [], scrollers: [] });
        await settle(page);
        await screenshot(page, `student-update-user-${size}`);
        await page.getByRole('link', { name: MSG.verification.backToDashboard }).click();
        await page.waitForURL('**/student-dashboard');
      });

      it('/update-user logged out: the login page, as every signed-in page (update-user.e2e.ts follows the login back)', { timeout: 300_000 }, async () => {
        const anon = await openPage(aocCamera, server.url, { viewport });
        try {
          await anon.page.goto('/update-user');
          await anon.page.waitForURL('**/login');
          await anon.page.getByLabel(MSG.login.emailLabel).waitFor();
        } finally {
          await anon.context.close();
        }
      });

      it('camera refused: which permission, how to allow it in Chrome, Try again; once allowed, Try again starts it', { timeout: 300_000 }, async ({
        skip,
      }) => {
        if (!hasFullChromium) skip(NO_FULL_CHROMIUM_MESSAGE);
        const browser = await launchWithoutCameraConsent();
        try {
          const context = await browser.newContext({ baseURL: server.url, viewport });
          const refused = await context.newPage();
          await setStoredToken(refused, freshToken);
          await refused.goto('/face-detection');
          const help = refused.getByTestId('camera-help');
          await help.getByText(MSG.permissions.blocked.camera).waitFor({ timeout: 20_000 });
          await help.getByText(MSG.permissions.how.chrome(MSG.permissions.names.camera)).waitFor();
          const retry = help.getByRole('button', { name: MSG.permissions.tryAgain });
          expect(await retry.isEnabled()).toBe(true);
          // Nothing on the page asks for a blink the camera cannot record.
          expect(await refused.locator('main').innerText()).not.toMatch(/blink twice/i);
          expect(await outOfView(refused, refused.locator('body'), '[data-testid=camera-help] button')).toEqual([]);
          await settle(refused);
          await screenshot(refused, `student-camera-blocked-${size}`);

          await context.grantPermissions(['camera'], { origin: server.url });
          await retry.click();
          await help.waitFor({ state: 'detached', timeout: 20_000 });
          const start = refused.getByRole('button', { name: MSG.verification.start });
          await expect.poll(() => start.isEnabled(), { timeout: 30_000 }).toBe(true);
          await refused.getByTestId('verification-status').getByText(MSG.verification.instruction).waitFor();
        } finally {
          await browser.close();
        }
      });
    });
  }
});
