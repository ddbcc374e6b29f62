import path from 'node:path';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatTime } from '@/lib/format';
import { EXTEND_STEP_MINUTES } from '@shared/constants';
import { MSG } from '@shared/messages';
import { enrollFacesOfUser } from '@server/services/faces/index';
import { hasFixtures, NO_FIXTURES_MESSAGE, readFixture } from '@harness/face-fixtures';
import { seriousViolations } from './support/axe';
import { hasChromium, toastWith } from './support/browser';
import { apiLogin } from './support/journey';
import { focused } from './support/keyboard';
import { LAPTOP, PHONE, useBrowserSchool } from './support/school';

const PASSWORD = 'Str0ng!pass';
const CLASSROOM = { latitude: 23.0225, longitude: 72.5714 };
// beside the other browser tests' screenshots (tests/e2e/screenshots, not committed)
const SHOTS = path.resolve(import.meta.dirname, 'screenshots');

/** The countdown's m:ss in seconds. */
const seconds = (text: string) => {
  const [m, s] = text.trim().split(':').map(Number);
  return m * 60 + s;
};

async function shot(page: Page, name: string, fullPage = false) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
}

describe.skipIf(!hasChromium)("the teacher's control of time in Chromium (issue 36)", () => {
  const school = useBrowserSchool();

  const endOf = async (teacherId: number) =>
    await school.server.db
      .selectFrom('geofence_sessions')
      .select(['id', 'ends_at', 'started_at'])
      .where('teacher_id', '=', teacherId)
      .where('ended_at', 'is', null)
      .executeTakeFirstOrThrow();

  it.each([
    ['1440', LAPTOP, 'BCA'],
    ['390', PHONE, 'MBA'],
  ] as const)(
    'at %s px: starts with a chosen length, extends it from the card and from the warning; the projector follows',
    { timeout: 300_000 },
    async (size, viewport, department) => {
      const teacher = await school.createUser({ role: 'teacher', department, password: PASSWORD, username: `time${size}` });
      await school.createUser({ role: 'student', department, username: `time${size}student` });
      const { page, context } = await school.newPage({ size: viewport, as: { email: teacher.email, password: PASSWORD } });
      await context.grantPermissions(['geolocation'], { origin: school.server.url });
      await context.setGeolocation(CLASSROOM);
      await page.goto('/teacher-dashboard');
      await page.getByRole('button', { name: MSG.teacher.startAttendance }).click();
      const dialog = page.getByRole('dialog', { name: MSG.teacher.radiusDialog.title });
      await dialog.waitFor();
      // The dialog opens on its first field, the length, with the server's default chosen.
      const length = dialog.getByLabel(MSG.sessionTime.lengthLabel);
      await expect.poll(async () => (await focused(page))?.tag).toBe('select');
      expect(await length.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await length.inputValue()).toBe('10');
      expect(await length.locator('option:checked').innerText()).toBe(MSG.sessionTime.lengthOption(10, true));
      await length.selectOption('15');
      await shot(page, `start-dialog-${size}`);
      expect(await seriousViolations(page, `start-dialog-${size}`)).toEqual([]);
      await dialog.getByRole('button', { name: MSG.teacher.radiusDialog.useDefault(50) }).click();
      await toastWith(page, MSG.teacher.started(15)).waitFor();

      // Focus lands on Stop, not on <main>.
      await expect.poll(async () => (await focused(page))?.text).toBe(MSG.teacher.stopAttendance);
      const started = await endOf(teacher.id);
      expect(Date.parse(started.ends_at) - Date.parse(started.started_at)).toBe(15 * 60_000);
      const remaining = page.getByTestId('session-remaining');
      await expect.poll(async () => seconds(await remaining.innerText())).toBeGreaterThan(14 * 60);
      expect(seconds(await remaining.innerText())).toBeLessThanOrEqual(15 * 60);
      expect(await page.getByTestId('session-ends-at').innerText()).toBe(formatTime(started.ends_at));

      // The projector, in a second tab of the same teacher.
      const projector = await context.newPage();
      await projector.goto('/room-code');
      const projectorLeft = projector.getByTestId('room-code-session-left');
      await projectorLeft.waitFor();
      expect(seconds(await projectorLeft.innerText())).toBeLessThanOrEqual(15 * 60);

      // Extend from the Quick Actions card.
      await page.getByRole('button', { name: MSG.sessionTime.extend(EXTEND_STEP_MINUTES) }).click();
      const extendedEnd = new Date(Date.parse(started.ends_at) + 5 * 60_000).toISOString();
      await toastWith(page, MSG.sessionTime.extended(5, formatTime(extendedEnd))).waitFor();
      expect((await endOf(teacher.id)).ends_at).toBe(extendedEnd);
      await expect.poll(() => page.getByTestId('session-ends-at').innerText()).toBe(formatTime(extendedEnd));
      await expect.poll(async () => seconds(await remaining.innerText())).toBeGreaterThan(19 * 60);
      await shot(page, `session-extended-${size}`);
      // The projector reads the new end at its next code (every 15 s).
      await expect.poll(async () => seconds(await projectorLeft.innerText()), { timeout: 25_000, interval: 500 }).toBeGreaterThan(19 * 60);
      await shot(projector, `projector-extended-${size}`);
      await projector.close();

      // 33 s before the end, the 30-s warning offers Extend too.
      const soon = new Date(Date.now() + 33_000).toISOString();
      await school.server.db.updateTable('geofence_sessions').set({ ends_at: soon }).where('id', '=', started.id).execute();
      await page.reload();
      const warning = toastWith(page, /Attendance session ends in \d+ seconds\./);
      await warning.waitFor({ timeout: 15_000 });
      // axe reads the toast as it is seen, not mid-way through its entrance (or under the reload's loading overlay):
      // a half-faded button once read as grey on grey
      await page.getByTestId('loading-overlay').waitFor({ state: 'detached' });
      await warning.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
      await shot(page, `warning-with-extend-${size}`);
      expect(await seriousViolations(page, `warning-with-extend-${size}`)).toEqual([]);
      await warning.getByRole('button', { name: MSG.sessionTime.extend(EXTEND_STEP_MINUTES) }).click();
      const fromWarning = new Date(Date.parse(soon) + 5 * 60_000).toISOString();
      await toastWith(page, MSG.sessionTime.extended(5, formatTime(fromWarning))).waitFor();
      expect((await endOf(teacher.id)).ends_at).toBe(fromWarning);
      await expect.poll(async () => seconds(await remaining.innerText())).toBeGreaterThan(5 * 60);
      expect(await page.getByTestId('attendance-status').getByText(MSG.teacher.active).isVisible()).toBe(true);
      await context.close();
    },
  );
});

describe.skipIf(!hasChromium)('what waits for the teacher, counted at the top (issue 36)', () => {
  const school = useBrowserSchool();

  it.each([
    ['390', PHONE],
    ['1440', LAPTOP],
  ] as const)('at %s px: the counts are in the first screen, and each takes the teacher to its section', { timeout: 120_000 }, async (size, viewport) => {
    const department = size === '390' ? 'IMCA' : 'BSCIT';
    const teacher = await school.createUser({ role: 'teacher', department, password: PASSWORD, username: `count${size}` });
    for (const n of [1, 2]) await school.createUser({ role: 'student', department, status: 'pending', username: `waiting${size}n${n}` });
    const { page, context } = await school.newPage({ size: viewport, as: { email: teacher.email, password: PASSWORD } });
    // The sections below render when the page is idle: a teacher who taps a count before then still lands on its
    // section (here the browser is never idle, so only the tap can bring the sections on a phone).
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    await page.goto('/teacher-dashboard');
    const summary = page.getByRole('navigation', { name: MSG.approvalsSummary.label });
    const students = summary.getByRole('link', { name: `${MSG.approvalsSummary.students} 2` });
    await students.waitFor();
    await summary.getByRole('link', { name: `${MSG.approvalsSummary.leave} 0` }).waitFor();
    await summary.getByRole('link', { name: `${MSG.approvalsSummary.faceChanges} 0` }).waitFor();
    for (const link of await summary.getByRole('link').all()) {
      const box = (await link.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    }
    await shot(page, `approvals-summary-${size}`);
    expect(await seriousViolations(page, `approvals-summary-${size}`)).toEqual([]);
    await students.click();
    const section = page.locator('#approvals-students');
    await expect.poll(() => section.evaluate((el) => el === document.activeElement)).toBe(true);
    // The page may scroll smoothly: its top comes into the screen (at the foot of the page, as far as the page goes).
    await expect.poll(async () => (await section.boundingBox())!.y).toBeLessThan(viewport.height - 100);
    expect((await section.boundingBox())!.y + 40).toBeGreaterThan(0);
    await shot(page, `approvals-students-section-${size}`);
    await context.close();
  });
});

describe.skipIf(!hasChromium || !hasFixtures)('the face change card in Chromium: the measurement, not reassurance (issue 36)', () => {
  if (!hasFixtures) console.warn(NO_FIXTURES_MESSAGE);
  const school = useBrowserSchool();
  const STILLS = { aoc: ['f005', 'f045', 'f070'], d0: ['f005', 'f030', 'f050'], mcguinness: ['f003', 'f025', 'f115'] };
  const photos = (person: keyof typeof STILLS) => STILLS[person].map((f) => readFixture('clips', `enroll_${person}_${f}.jpg`));

  /** A BCA student enrolled with d0's face who asks to enroll another person's (each size its own: one approved face is then taken). */
  async function changeToAnotherFace(username: string, other: 'aoc' | 'mcguinness') {
    const student = await school.createUser({ role: 'student', department: 'BCA', password: PASSWORD, username });
    await enrollFacesOfUser(
      school.server.deps,
      student.id,
      photos('d0').map((buffer) => ({ buffer, size: buffer.length })),
    );
    const token = await apiLogin(school.server.url, student.email, PASSWORD);
    const form = new FormData();
    for (const [i, img] of photos(other).entries()) form.append('images', new Blob([new Uint8Array(img)], { type: 'image/jpeg' }), `face${i + 1}.jpg`);
    const res = await fetch(`${school.server.url}/api/update/${student.id}`, { method: 'PUT', headers: { authorization: `Bearer ${token}` }, body: form });
    expect((await res.json()).face_change).toBe('pending');
    return student;
  }

  it.each([
    ['1440', LAPTOP, 'aoc'],
    ['390', PHONE, 'mcguinness'],
  ] as const)(
    'at %s px: another face is named as such, with its distance against the threshold, and approved only once confirmed',
    { timeout: 240_000 },
    async (size, viewport, other) => {
      const student = await changeToAnotherFace(`changer${size}`, other);
      const teacher = await school.createUser({ role: 'teacher', department: 'BCA', password: PASSWORD, username: `reviewer${size}` });
      const { page, context } = await school.newPage({ size: viewport, as: { email: teacher.email, password: PASSWORD } });
      await page.goto('/teacher-dashboard');
      const card = page.getByTestId('face-change').filter({ hasText: student.username });
      await card.waitFor({ timeout: 15_000 });
      const verdict = card.getByTestId('face-change-verdict');
      await verdict.getByText(MSG.faceChange.notSamePerson).waitFor();
      expect(await verdict.getByText(MSG.faceChange.samePerson).count()).toBe(0);
      const measured = await card.getByTestId('face-change-measure').innerText();
      const [distance, threshold] = [...measured.matchAll(/\d\.\d\d/g)].map((m) => Number(m[0]));
      expect(threshold).toBe(0.42);
      expect(distance).toBeGreaterThan(threshold);
      const approve = card.getByRole('button', { name: MSG.faceChange.approve });
      expect(await approve.isDisabled()).toBe(true);
      await card.scrollIntoViewIfNeeded();
      await shot(page, `face-change-mismatch-${size}`);
      const confirm = card.getByLabel(MSG.faceChangeVerdict.confirmMismatch);
      await confirm.check();
      expect(await approve.isEnabled()).toBe(true);
      expect(await seriousViolations(page, `face-change-mismatch-${size}`)).toEqual([]);
      await shot(page, `face-change-confirmed-${size}`);
      await approve.click();
      await toastWith(page, MSG.faceChange.approved).waitFor();
      const decided = await school.server.db
        .selectFrom('face_changes')
        .select(['status', 'decided_by'])
        .where('user_id', '=', student.id)
        .executeTakeFirstOrThrow();
      expect(decided).toEqual({ status: 'approved', decided_by: teacher.id });
      await context.close();
    },
  );
});
