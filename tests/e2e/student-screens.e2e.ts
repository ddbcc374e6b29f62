import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTime } from '../../src/client/lib/format';
import { MSG } from '../../src/shared/messages';
import { enrolledStudent } from '../helpers/enrolled-student';
import { fixture, hasFixtures, NO_FIXTURES_MESSAGE } from '../helpers/fixtures';
import { postJson } from '../helpers/http';
import { createTestUser, startTestServer, type TestServer } from '../helpers/test-server';
import { CHROMIUM_PATH, hasChromium, openPage, screenshot, setStoredToken } from './support/browser';
import { launchWithCamera } from './support/camera-browser';
import { apiLogin } from './support/journey';
import { horizontalOverflow, outOfView } from './support/overflow';

if (hasChromium && !hasFixtures) console.warn(NO_FIXTURES_MESSAGE);

const S = MSG.studentScreens;
const V = MSG.verification;
const P = MSG.permissions;
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

/** Chromium with the aoc clip as its camera but no automatic yes to the camera prompt: a refusal is possible. */
const launchWithoutCameraConsent = () =>
  chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${fixture('clips', 'aoc_3blinks_3s.y4m')}`,
    ],
  });

/** Every text the face page's status line showed, in order (the final state lasts until the 2-s redirect). */
function recordStatusTexts() {
  const seen: string[] = [];
  (window as unknown as { __status: string[] }).__status = seen;
  new MutationObserver(() => {
    const text = document.querySelector('[data-testid=verification-status]')?.textContent ?? '';
    if (text && seen[seen.length - 1] !== text) seen.push(text);
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

describe.skipIf(!hasChromium || !hasFixtures)('the student screens of issue 22 in Chromium', () => {
  let server: TestServer;
  let aocCamera: Browser;
  let teacher: Awaited<ReturnType<typeof createTestUser>>;
  let teacherToken: string;
  let aoc: Awaited<ReturnType<typeof enrolledStudent>>;

  beforeAll(async () => {
    server = await startTestServer();
    aocCamera = await launchWithCamera(fixture('clips', 'aoc_3blinks_3s.y4m'));
    teacher = await createTestUser(server.db, { role: 'teacher', department: 'BCA', password: PASSWORD, username: 'msharma' });
    teacherToken = await apiLogin(server.url, teacher.email, PASSWORD);
    aoc = await enrolledStudent(server, teacherToken, 'aoc', 'aocstudent@school.test');
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

      beforeAll(async () => {
        const fresh = await createTestUser(server.db, { role: 'student', department: 'BCA', password: PASSWORD, username: `fresh${viewport.width}` });
        ({ page, context } = await openPage(aocCamera, server.url, { camera: true, viewport }));
        await context.setGeolocation({ ...north(300), accuracy: 12 });
        await setStoredToken(page, await apiLogin(server.url, fresh.email, PASSWORD));
      });
      afterAll(() => context?.close());

      it('a new student: No session open now, No sessions yet (not 0%), and no record in the history', { timeout: 60_000 }, async () => {
        await page.goto('/student-dashboard');
        await expect.poll(() => page.getByTestId('session-banner-title').innerText()).toBe(S.banner.none);
        expect(await page.getByRole('button', { name: MSG.student.markAttendance }).count()).toBe(0);
        await expect.poll(() => page.getByTestId('attendance-rate').innerText()).toBe(S.noSessionsYet);
        expect(await page.getByText('0%').count()).toBe(0);
        await settle(page);
        await screenshot(page, `student-no-session-${size}`);
        await page.getByRole('tab', { name: MSG.student.tabs.attendance }).click();
        await page.getByRole('cell', { name: S.noSessionsYet }).waitFor();
        await page.getByRole('tab', { name: MSG.student.tabs.overview }).click();
      });

      it('the banner appears when the teacher starts a session, without a reload; it and Mark Attendance are on the first screen', {
        timeout: 60_000,
      }, async () => {
        await startSession();
        // No reload: the banner polls (every 10 s) and changes by itself.
        const title = page.getByTestId('session-banner-title');
        await expect.poll(() => title.innerText(), { timeout: 25_000 }).toMatch(OPEN_TITLE);
        await page.getByTestId('session-banner').getByText(S.banner.teacher('msharma')).waitFor();
        const mark = page.getByRole('button', { name: MSG.student.markAttendance });
        await mark.waitFor();
        expect(await outOfView(page, page.locator('body'), '[data-testid=session-banner], [data-testid=session-banner] button[type=submit]')).toEqual([]);
        expect(await page.evaluate(horizontalOverflow)).toEqual({ page: false, outside: [], scrollers: [] });
        await settle(page);
        await screenshot(page, `student-session-open-${size}`);
      });

      it('outside the circle the page says so (with the phone’s own accuracy) and stays on the dashboard', { timeout: 60_000 }, async () => {
        await page.getByRole('button', { name: MSG.student.markAttendance }).click();
        const result = page.getByTestId('mark-result');
        await result.getByText(S.outside).waitFor();
        await result.getByText(S.outsideAccuracy(12)).waitFor();
        expect(new URL(page.url()).pathname).toBe('/student-dashboard');
        // It stays past the 3-s toast: it is the page's text, not a toast's.
        await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
        expect(await result.isVisible()).toBe(true);
        await settle(page);
        await screenshot(page, `student-outside-${size}`);
      });

      it('the enrolled student marks: the face page ends on “✓ Marked present at …”, then the banner says the same', { timeout: 240_000 }, async () => {
        const own = await openPage(aocCamera, server.url, { camera: true, viewport });
        try {
          await own.context.setGeolocation({ ...north(10), accuracy: 8 });
          await own.context.addInitScript(recordStatusTexts);
          await setStoredToken(own.page, await apiLogin(server.url, aoc.email, 'Str0ng!pass'));
          await own.page.goto('/student-dashboard');
          await own.page.getByRole('button', { name: MSG.student.markAttendance }).click();
          await own.page.waitForURL('**/face-detection', { timeout: 15_000 });
          const start = own.page.getByRole('button', { name: V.start });
          await expect.poll(() => start.isEnabled(), { timeout: 30_000 }).toBe(true);
          await own.page.waitForTimeout(500); // a few frames of the clip
          await start.click();

          const record = async () =>
            server.db
              .selectFrom('attendance_records')
              .select(['marked_at', 'status'])
              .where('student_id', '=', aoc.id)
              .orderBy('id', 'desc')
              .executeTakeFirst();
          await expect.poll(async () => (await record())?.status, { timeout: 180_000 }).toBe('present');
          const markedText = S.markedPresent(formatTime((await record())!.marked_at));
          // The final state was on the page (it lasts until the redirect), never 'Verifying…' after the mark.
          await expect
            .poll(() => own.page.evaluate(() => (window as unknown as { __status: string[] }).__status), { timeout: 15_000 })
            .toContainEqual(expect.stringContaining(markedText));
          const seen = await own.page.evaluate(() => (window as unknown as { __status: string[] }).__status);
          expect(seen.slice(seen.findIndex((t) => t.includes(markedText))).some((t) => t.includes(V.verifying))).toBe(false);
          if (new URL(own.page.url()).pathname === '/face-detection') await screenshot(own.page, `student-face-marked-${size}`);

          await own.page.waitForURL('**/student-dashboard', { timeout: 15_000 });
          await expect.poll(() => own.page.getByTestId('session-mark').innerText(), { timeout: 15_000 }).toBe(markedText);
          expect(await outOfView(own.page, own.page.locator('body'), '[data-testid=session-mark]')).toEqual([]);
          await settle(own.page);
          await screenshot(own.page, `student-marked-${size}`);

          // History: the session's department, teacher and time on each row.
          await stopSession();
          await own.page.getByRole('tab', { name: MSG.student.tabs.attendance }).click();
          const session = await server.db.selectFrom('geofence_sessions').select(['started_at', 'ended_at']).orderBy('id', 'desc').executeTakeFirstOrThrow();
          const times = S.sessionTimes(formatTime(session.started_at), formatTime(session.ended_at));
          const row = own.page.getByRole('row').filter({ hasText: 'Present' }).first();
          await row.waitFor();
          if (viewport.width >= 768) {
            const headers = await own.page.getByRole('columnheader').allInnerTexts();
            expect(headers).toEqual([
              MSG.student.columns.date,
              S.columns.department,
              S.columns.teacher,
              S.columns.session,
              MSG.student.columns.status,
              MSG.student.columns.checkIn,
            ]);
            const cells = await row.getByRole('cell').allInnerTexts();
            expect(cells.slice(1, 4)).toEqual(['BCA', 'msharma', times]);
          } else {
            const text = await row.getByTestId('row-session').innerText();
            expect(text.split('\n')).toEqual(['BCA · msharma', times]);
          }
          expect(await own.page.evaluate(horizontalOverflow)).toEqual({ page: false, outside: [], scrollers: [] });
          await settle(own.page);
          await screenshot(own.page, `student-history-${size}`);

          // /update-user from the profile, below the header, not under it.
          await own.page.getByRole('button', { name: MSG.student.profile }).click();
          await own.page.getByRole('dialog').getByRole('link', { name: S.editDetails }).click();
          await own.page.waitForURL('**/update-user');
          const heading = own.page.getByRole('heading', { name: MSG.admin.updateUser.title });
          await heading.waitFor();
          const header = (await own.page.locator('header').first().boundingBox())!;
          expect((await heading.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
          expect(await own.page.evaluate(horizontalOverflow)).toEqual({ page: false, outside: [], scrollers: [] });
          await settle(own.page);
          await screenshot(own.page, `student-update-user-${size}`);
          await own.page.getByRole('link', { name: V.backToDashboard }).click();
          await own.page.waitForURL('**/student-dashboard');
        } finally {
          await own.context.close();
        }
      });

      it('/update-user logged out: the text starts below the header', { timeout: 30_000 }, async () => {
        const anon = await openPage(aocCamera, server.url, { viewport });
        try {
          await anon.page.goto('/update-user');
          const text = anon.page.getByText(MSG.admin.updateUser.loginFirst);
          await text.waitFor();
          const header = (await anon.page.locator('header').first().boundingBox())!;
          expect((await text.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
          await settle(anon.page);
          await screenshot(anon.page, `student-update-user-logged-out-${size}`);
        } finally {
          await anon.context.close();
        }
      });

      it('camera refused: which permission, how to allow it in Chrome, Try again; once allowed, Try again starts it', { timeout: 90_000 }, async () => {
        const browser = await launchWithoutCameraConsent();
        try {
          const context = await browser.newContext({ baseURL: server.url, viewport });
          const refused = await context.newPage();
          await setStoredToken(refused, await apiLogin(server.url, aoc.email, 'Str0ng!pass'));
          await refused.goto('/face-detection');
          const help = refused.getByTestId('camera-help');
          await help.getByText(P.blocked.camera).waitFor({ timeout: 20_000 });
          await help.getByText(P.how.chrome(P.names.camera)).waitFor();
          const retry = help.getByRole('button', { name: P.tryAgain });
          expect(await retry.isEnabled()).toBe(true);
          // Nothing on the page asks for a blink the camera cannot record.
          expect(await refused.locator('main').innerText()).not.toMatch(/blink twice/i);
          expect(await outOfView(refused, refused.locator('body'), '[data-testid=camera-help] button')).toEqual([]);
          await settle(refused);
          await screenshot(refused, `student-camera-blocked-${size}`);

          await context.grantPermissions(['camera'], { origin: server.url });
          await retry.click();
          await help.waitFor({ state: 'detached', timeout: 20_000 });
          const start = refused.getByRole('button', { name: V.start });
          await expect.poll(() => start.isEnabled(), { timeout: 30_000 }).toBe(true);
          await refused.getByTestId('verification-status').getByText(V.instruction).waitFor();
        } finally {
          await browser.close();
        }
      });
    });
  }
});
