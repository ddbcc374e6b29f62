import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_ID_RE, ROOM_CODE_LENGTH, ROOM_CODE_WINDOW_SECONDS, STORAGE_KEYS } from '@shared/constants';
import { roomCodeOf, roomCodeWindow } from '@server/services/attendance/index';
import { MSG } from '@shared/messages';
import { fixture, hasFixtures, NO_FIXTURES_MESSAGE } from '@harness/face-fixtures';
import { insertProof } from '../helpers/proofs';
import { createTestUser, startTestServer, type TestServer } from '../helpers/test-server';
import { hasChromium, launchBrowser, openPage, storage, toastWith } from './support/browser';
import { apiLogin, approveViaApi, login, registerViaApi } from './support/journey';

if (hasChromium && !hasFixtures) console.warn(NO_FIXTURES_MESSAGE);

const CLASSROOM = { latitude: 23.0225, longitude: 72.5714 };
const NEARBY = { latitude: CLASSROOM.latitude + 10 / 111_195, longitude: CLASSROOM.longitude };
const PASSWORD = 'Str0ng!pass';
const PROJECTOR = { width: 1920, height: 1080 };
const PHONE = { width: 390, height: 844 };
const AOC_IMAGES = ['f005', 'f045', 'f070'].map((f) => fixture('clips', `enroll_aoc_${f}.jpg`));

/** A screenshot that holds a picture: a PNG of the viewport's size, and more than a blank page's few bytes. */
function expectScreenshot(file: string, viewport: { width: number; height: number }) {
  const png = fs.readFileSync(file);
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) }).toEqual(viewport);
  expect(png.length).toBeGreaterThan(10_000);
}

/** The device id each student.markAttendance call of `page` sent (the geofence step and the final mark). */
function sentDeviceIds(page: Page) {
  const ids: (string | null)[] = [];
  page.on('request', (req) => {
    if (!req.url().includes('student.markAttendance')) return;
    ids.push(/"device_id":"([^"]+)"/.exec(req.postData() ?? '')?.[1] ?? null);
  });
  return ids;
}

/** A logged-in student follows the projector's QR link at this moment, passes the geofence and the face check. */
async function markFromQrLink(page: Page, projector: Page) {
  const { url } = await shownCode(projector);
  await page.goto(url);
  await toastWith(page, MSG.student.validated).waitFor();
  await page.waitForURL('**/face-detection');
  const start = page.getByRole('button', { name: MSG.verification.start });
  await expect.poll(() => start.isEnabled(), { timeout: 15_000 }).toBe(true);
  await page.waitForTimeout(500); // let a few frames of the clip pass
  await start.click();
  await toastWith(page, MSG.verification.marked).waitFor({ timeout: 120_000 });
  await page.waitForURL('**/student-dashboard', { timeout: 10_000 });
}

/** What the projector shows now: the code, and the link its QR code encodes. */
async function shownCode(page: Page) {
  const code = (await page.getByTestId('room-code').innerText()).trim();
  const url = await page.getByTestId('room-code-qr').getAttribute('data-url');
  return { code, url: url ?? '' };
}

describe.skipIf(!hasChromium || !hasFixtures)('room code in Chromium (real clock: codes change every 15 s)', () => {
  let server: TestServer;
  let browser: Browser;
  let teacherPage: Page;
  let teacherContext: BrowserContext;
  const shotsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'room-code-e2e-'));
  const teacher = { email: 'rcteacher@school.test', username: 'rcteacher' };
  const scanner = { email: 'rcaoc@school.test', username: 'rcaoc' };
  // The same face as the scanner, let in by the teacher as twins (issue 34): so one fake camera passes both face checks.
  const twin = { email: 'rctwin@school.test', username: 'rctwin' };
  let firstCode = '';
  // The scanner's phone: one browser context, so one localStorage and one device id for both students it marks.
  let phone: { page: Page; context: BrowserContext } | null = null;

  beforeAll(async () => {
    server = await startTestServer();
    browser = await launchBrowser({ camera: fixture('clips', 'aoc_3blinks_3s.y4m') });
    await createTestUser(server.db, { role: 'teacher', department: 'BCA', password: PASSWORD, ...teacher });
    expect(await registerViaApi(server.url, { ...scanner, password: PASSWORD, department: 'BCA' }, AOC_IMAGES)).toMatchObject({ success: true });
    expect(await registerViaApi(server.url, { ...twin, password: PASSWORD, department: 'BCA' }, AOC_IMAGES)).toMatchObject({
      success: true,
      message: MSG.duplicateFace.registrationWaits,
    });
    const teacherToken = await apiLogin(server.url, teacher.email, PASSWORD);
    const collision = await server.db.selectFrom('duplicate_faces').select('id').where('email', '=', twin.email).executeTakeFirstOrThrow();
    const decided = await fetch(`${server.url}/api/face-collisions/${collision.id}/decision`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${teacherToken}` },
      body: JSON.stringify({ decision: 'twins' }),
    });
    expect(decided.status).toBe(200);
    const rows = await server.db.selectFrom('users').select('id').where('email', '=', scanner.email).execute();
    await approveViaApi(
      server.url,
      teacherToken,
      rows.map((r) => r.id),
    );
  }, 300_000);

  afterAll(async () => {
    console.info(`room code screenshots: ${shotsDir}`);
    await browser?.close();
    await server?.close();
  });

  it('the teacher starts a session with the code required and projects it, readable at 1920x1080 and on a phone', { timeout: 300_000 }, async () => {
    ({ page: teacherPage, context: teacherContext } = await openPage(browser, server.url, { camera: true, viewport: PROJECTOR }));
    await teacherContext.setGeolocation(CLASSROOM);
    await login(teacherPage, teacher.email, PASSWORD, '/teacher-dashboard');
    const roomSwitch = teacherPage.getByRole('switch', { name: MSG.roomCode.requireSwitch });
    expect(await roomSwitch.getAttribute('aria-checked')).toBe('true'); // on by default
    await teacherPage.getByRole('button', { name: MSG.teacher.startAttendance }).click();
    await teacherPage.getByRole('button', { name: MSG.teacher.radiusDialog.useDefault(50) }).click();
    await toastWith(teacherPage, MSG.teacher.started(10)).waitFor();
    await teacherPage.getByTestId('attendance-status').getByText(MSG.teacher.active).waitFor();
    expect(await roomSwitch.isDisabled()).toBe(true);

    await teacherPage.getByRole('link', { name: MSG.roomCode.show }).click();
    await teacherPage.waitForURL('**/room-code');
    await teacherPage.getByTestId('room-code').waitFor();
    const shown = await shownCode(teacherPage);
    firstCode = shown.code;
    expect(firstCode).toMatch(new RegExp(`^[A-Z2-9]{${ROOM_CODE_LENGTH}}$`));
    expect(shown.url).toBe(`${server.url}/student-dashboard?room_code=${firstCode}`);
    await teacherPage.getByText('BCA').first().waitFor();
    await teacherPage
      .getByTestId('room-code-next')
      .getByText(/New code in \d+ s/)
      .waitFor();

    // Ticks each second: two readings a little over a second apart differ (unless the window turned between them).
    const before = await teacherPage.getByTestId('room-code-session-left').innerText();
    await expect.poll(() => teacherPage.getByTestId('room-code-session-left').innerText(), { timeout: 5_000 }).not.toBe(before);

    for (const [name, viewport] of [
      ['room-code-1920x1080', PROJECTOR],
      ['room-code-390x844', PHONE],
    ] as const) {
      await teacherPage.setViewportSize(viewport);
      await teacherPage.waitForTimeout(300); // let the layout settle at the new width
      const code = teacherPage.getByTestId('room-code');
      const qr = teacherPage.getByTestId('room-code-qr').locator('svg');
      expect(await code.isVisible()).toBe(true);
      expect(await qr.isVisible()).toBe(true);
      // Nothing cut off: the code and the QR lie inside the screen's width, and the QR is big enough to scan.
      for (const box of [await code.boundingBox(), await qr.boundingBox()]) {
        expect(box).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      }
      expect((await qr.boundingBox())!.width).toBeGreaterThanOrEqual(250);
      const file = path.join(shotsDir, `${name}.png`);
      await teacherPage.screenshot({ path: file });
      expectScreenshot(file, viewport);
    }
    await teacherPage.setViewportSize(PROJECTOR);
  });

  it('a student opens the QR link, passes the geofence and the face check and is marked present', { timeout: 180_000 }, async () => {
    phone = await openPage(browser, server.url, { camera: true });
    const { page, context } = phone;
    await context.setGeolocation(NEARBY);
    await login(page, scanner.email, PASSWORD, '/student-dashboard');
    const sent = sentDeviceIds(page);
    // The link as the QR code carries it at this moment (a phone's camera app opens it).
    await markFromQrLink(page, teacherPage);
    expect(new URL(page.url()).search).toBe(''); // the code left the address: a reload does not send it again
    // The browser made its device id once, kept it, and sent it with the geofence step and the final mark.
    const id = await storage(page, STORAGE_KEYS.deviceId);
    expect(id).toMatch(DEVICE_ID_RE);
    expect(id!.length).toBeGreaterThanOrEqual(22);
    expect(sent).toEqual([id, id]);

    const user = await server.db.selectFrom('users').select('id').where('email', '=', scanner.email).executeTakeFirstOrThrow();
    const record = await server.db
      .selectFrom('attendance_records')
      .select(['status', 'face_recognition_status'])
      .where('student_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(record).toEqual({ status: 'present', face_recognition_status: 'verified' });
  });

  it('the same phone marks a second student: the teacher sees both marks flagged as one device, with the other name', { timeout: 240_000 }, async () => {
    if (!phone) throw new Error('needs the scanner marked from their phone first');
    const { page, context } = phone;
    const id = await storage(page, STORAGE_KEYS.deviceId);
    await page.getByRole('button', { name: MSG.nav.logout }).click();
    await page.waitForURL('**/login');
    await login(page, twin.email, PASSWORD, '/student-dashboard');
    const sent = sentDeviceIds(page);
    await markFromQrLink(page, teacherPage);
    expect(await storage(page, STORAGE_KEYS.deviceId)).toBe(id); // logging out keeps the device's id
    expect(sent).toEqual([id, id]);
    await context.close();

    const page2 = await teacherContext.newPage(); // the projector keeps its own tab
    await page2.goto('/teacher-dashboard');
    await page2.getByRole('tab', { name: MSG.teacher.tabs.students }).click();
    for (const [student, other] of [
      [scanner, twin],
      [twin, scanner],
    ]) {
      const reasons = page2.getByRole('list', { name: MSG.markFlags.reasons(student.username) });
      // The list polls every 5 s: the flag shows at the next refresh at the latest.
      await reasons.getByText(MSG.markFlags.sameDevice(other.username)).waitFor({ timeout: 15_000 });
      expect(await page2.getByRole('row').filter({ hasText: student.email }).getByText(MSG.markFlags.badge, { exact: true }).isVisible()).toBe(true);
    }
    await page2.getByRole('row').filter({ hasText: twin.email }).getByRole('button', { name: twin.username }).click();
    const dialog = page2.getByRole('dialog');
    await dialog.getByRole('region', { name: MSG.markFlags.column }).getByText(MSG.markFlags.sameDevice(scanner.username)).waitFor();
    await page2.keyboard.press('Escape');

    // On a phone the reasons wrap inside the screen rather than running off its edge.
    await page2.setViewportSize(PHONE);
    const reasons = page2.getByRole('list', { name: MSG.markFlags.reasons(scanner.username) });
    const box = await reasons.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    const file = path.join(shotsDir, 'students-flagged-390.png');
    await page2.screenshot({ path: file, fullPage: true });
    expect(fs.statSync(file).size).toBeGreaterThan(10_000);
    await page2.close();
  });

  it('a second student without a code is asked for one, then typing a code two windows old is refused', { timeout: 300_000 }, async () => {
    const late = await createTestUser(server.db, { role: 'student', department: 'BCA', password: PASSWORD, username: 'rclate' });
    // The code the projector showed two windows ago, derived as the server derives it (the session's secret and the
    // window's number) rather than waited for: it ended a whole window ago, past its 10 s grace.
    const { room_code_secret: secret } = await server.db
      .selectFrom('geofence_sessions')
      .select('room_code_secret')
      .where('ended_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (!secret) throw new Error('the session requires a code: it has a secret');
    const shown = (await shownCode(teacherPage)).code;
    const window = roomCodeWindow(server.deps.clock.now().getTime());
    // The derivation is the projector's: it shows this window's code, or the last one's if the window turned just now.
    expect([roomCodeOf(secret, window), roomCodeOf(secret, window - 1)]).toContain(shown);
    const oldCode = roomCodeOf(secret, window - 2);
    expect([shown, roomCodeOf(secret, window - 1)]).not.toContain(oldCode);

    const { page, context } = await openPage(browser, server.url, { camera: true });
    await context.setGeolocation(NEARBY);
    await login(page, late.email, PASSWORD, '/student-dashboard');
    const field = page.getByLabel(MSG.roomCode.fieldLabel);
    const focused = () => page.evaluate(() => document.activeElement?.id ?? null);

    await page.getByRole('button', { name: MSG.student.markAttendance }).click();
    await page.getByRole('alert').getByText(MSG.roomCode.required).waitFor();
    await expect.poll(focused).toBe('room-code-input');

    await field.fill(oldCode.toLowerCase());
    expect(await field.inputValue()).toBe(oldCode); // upper-cased as typed
    expect(await page.getByRole('alert').count()).toBe(0); // typing clears the old refusal
    await field.press('Enter');
    await page.getByRole('alert').getByText(MSG.roomCode.notCurrent).waitFor();
    await expect.poll(focused).toBe('room-code-input');
    expect(await field.isEnabled()).toBe(true);
    await page.waitForTimeout(2_500); // past the 2 s a validated step waits before leaving
    expect(new URL(page.url()).pathname).toBe('/student-dashboard');
    const records = await server.db.selectFrom('attendance_records').select('id').where('student_id', '=', late.id).execute();
    expect(records).toHaveLength(0);
    await context.close();
  });

  it('a student whose face check already passed (its proof unspent) types the code on a phone and is marked without the face page', {
    timeout: 180_000,
  }, async () => {
    const retried = await createTestUser(server.db, { role: 'student', department: 'BCA', password: PASSWORD, username: 'rcretried' });
    const { page, context } = await openPage(browser, server.url, { camera: true, viewport: PHONE });
    await context.setGeolocation(NEARBY);
    await login(page, retried.email, PASSWORD, '/student-dashboard');
    // The face check that passed on a retry after the step's minute: a proof of this browser's login and device (the
    // server's rc_device cookie, set at the login), as the live check keeps it.
    const token = (await storage(page, STORAGE_KEYS.token)) ?? '';
    const cookie = (await context.cookies()).find((c) => c.name === 'rc_device');
    const device = cookie && server.deps.devices.deviceFor(retried.email, cookie.value, server.deps.clock.now());
    expect(device).toEqual(expect.any(String));
    const proof = await insertProof(server.db, server.deps.clock, { id: retried.id, token }, { deviceId: device ?? undefined });
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    const sent = sentDeviceIds(page);

    await page.getByLabel(MSG.roomCode.fieldLabel).fill((await shownCode(teacherPage)).code);
    await page.getByRole('button', { name: MSG.student.markAttendance }).click();
    await toastWith(page, MSG.verification.marked).waitFor({ timeout: 30_000 });
    await page.getByTestId('session-mark').waitFor();
    await page.waitForTimeout(2_500); // past the 2 s a validated step waits before opening the face page
    expect(visited).not.toContain('/face-detection');
    expect(new URL(page.url()).pathname).toBe('/student-dashboard');
    expect(sent).toHaveLength(2); // the geofence step and the final mark, nothing else
    const record = await server.db
      .selectFrom('attendance_records')
      .select(['status', 'face_verification_id'])
      .where('student_id', '=', retried.id)
      .executeTakeFirstOrThrow();
    expect(record).toEqual({ status: 'present', face_verification_id: proof.id });
    const file = path.join(shotsDir, 'marked-without-face-page-390x844.png');
    await page.screenshot({ path: file });
    expectScreenshot(file, PHONE);
    await context.close();
  });

  it('when that proof is gone by the final mark (refused: no face proof), the dashboard opens the face page as before', { timeout: 180_000 }, async () => {
    const student = await createTestUser(server.db, { role: 'student', department: 'BCA', password: PASSWORD, username: 'rcspent' });
    // Routing the page's requests: the installable app's worker would fetch them unseen.
    const { page, context } = await openPage(browser, server.url, { camera: true, viewport: PHONE });
    await context.setGeolocation(NEARBY);
    await login(page, student.email, PASSWORD, '/student-dashboard');
    const token = (await storage(page, STORAGE_KEYS.token)) ?? '';
    const cookie = (await context.cookies()).find((c) => c.name === 'rc_device');
    const device = cookie && server.deps.devices.deviceFor(student.email, cookie.value, server.deps.clock.now());
    const proof = await insertProof(server.db, server.deps.clock, { id: student.id, token }, { deviceId: device ?? undefined });
    // The step answers face_proof_ready: true; the proof is spent before the final mark arrives (as by another tab).
    let ready: unknown = null;
    await page.route('**/trpc/student.markAttendance*', async (route) => {
      if (route.request().postData()?.includes('face_verified')) return route.continue();
      const response = await route.fetch();
      ready = /"face_proof_ready":(true|false)/.exec(await response.text())?.[1] ?? null;
      await server.db.updateTable('face_verifications').set({ used_at: server.deps.clock.now().toISOString() }).where('id', '=', proof.id).execute();
      await route.fulfill({ response });
    });

    const code = (await shownCode(teacherPage)).code;
    await page.getByLabel(MSG.roomCode.fieldLabel).fill(code);
    await page.getByRole('button', { name: MSG.student.markAttendance }).click();
    await page.waitForURL('**/face-detection', { timeout: 15_000 });
    expect(ready).toBe('true');
    expect(await page.evaluate((k) => sessionStorage.getItem(k), STORAGE_KEYS.pendingRoomCode)).toBe(code);
    expect(await toastWith(page, MSG.verification.failed).count()).toBe(0); // the refused final mark was not told: the face check comes next
    expect(await server.db.selectFrom('attendance_records').select('id').where('student_id', '=', student.id).execute()).toHaveLength(0);
    await context.close();
  });

  it('the projector says plainly when the session has ended', { timeout: 300_000 }, async () => {
    const token = await teacherPage.evaluate(() => localStorage.getItem('token'));
    const res = await fetch(`${server.url}/api/stop_geofence`, { method: 'PATCH', headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    // The view asks again at the next window's edge at the latest.
    await teacherPage
      .getByTestId('room-code-notice')
      .getByText(MSG.roomCode.ended)
      .waitFor({ timeout: (ROOM_CODE_WINDOW_SECONDS + 5) * 1000 });
    expect(await teacherPage.getByTestId('room-code').count()).toBe(0);
    await teacherContext.close();
  });
});
