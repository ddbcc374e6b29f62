import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { MSG } from '@shared/messages';
import { hasFixtures, readFixture } from '@harness/face-fixtures';
import { GOOD_FIELDS, postRegister } from '@harness/api-client';
import { violationsWithin } from './support/axe';
import { hasChromium, screenshot, toastWith } from './support/browser';
import { login } from './support/journey';
import { horizontalOverflow } from './support/overflow';
import { PHONE, useBrowserSchool } from './support/school';

const PASSWORD = 'Str0ng!pass';
const DEPARTMENT = GOOD_FIELDS.department_name;

/** Every photo inside `scope` has loaded through its signed URL. */
async function photosLoaded(page: Page, scope: string) {
  await page.waitForFunction((s) => {
    const imgs = [...document.querySelectorAll(`${s} img`)] as HTMLImageElement[];
    return imgs.length > 0 && imgs.every((i) => i.complete && i.naturalWidth > 0);
  }, scope);
}

async function box(l: Locator) {
  const b = await l.boundingBox();
  if (!b) throw new Error('element not on screen');
  return b;
}

/**
 * Issue 34: a registration whose photos look like another account's waits instead of being refused; the department's
 * teacher compares both accounts' photos and decides, and an admin sees every collision and how it was decided.
 * The same person's stills registered under two emails collide whatever the recognizer: a pair of lookalikes
 * (challenge p1, clips d0) is left to the engine's own tests, where a better recognizer may tell them apart.
 */
describe.skipIf(!hasChromium || !hasFixtures)('face collisions decided by the teacher and listed for the admin in Chromium', () => {
  const school = useBrowserSchool();
  const aoc = () => ['f005', 'f045', 'f070'].map((f) => ({ data: readFixture('clips', `enroll_aoc_${f}.jpg`) }));
  const register = (username: string) => postRegister(school.server.url, { ...GOOD_FIELDS, email: `${username}@school.test`, username }, aoc());
  const userId = async (username: string) =>
    (await school.server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    await school.createUser({ role: 'admin', email: 'head@school.test', password: PASSWORD, username: 'head' });
    await school.createUser({ role: 'teacher', email: 'teacher@school.test', department: DEPARTMENT, password: PASSWORD, username: 'bcateacher' });
    const first = await register('aocfirst');
    expect(first.status).toBe(201);
    expect(first.body.message).not.toBe(MSG.duplicateFace.registrationWaits);
    const second = await register('aocsecond');
    expect(second.status).toBe(201);
    expect(second.body.message).toBe(MSG.duplicateFace.registrationWaits);
  }, 300_000);

  it('the teacher compares both accounts side by side, Approve waits, and Twins lets the registration in', async () => {
    const { page, context } = await school.newPage();
    await login(page, 'teacher@school.test', PASSWORD, '/teacher-dashboard');
    await page.getByRole('button', { name: new RegExp(`${DEPARTMENT}\\s*${MSG.teacher.pending.count(2)}`) }).click();
    const list = page.getByRole('dialog', { name: MSG.teacher.pending.listTitle(DEPARTMENT) });
    // The list marks the waiting registration, not the account it looks like.
    const marked = list.getByRole('listitem').filter({ has: page.getByTestId('pending-face-collision') });
    expect(await marked.count()).toBe(1);
    expect(await marked.innerText()).toContain('aocsecond');
    await list.getByRole('button', { name: MSG.teacher.pending.view('aocsecond') }).click();

    const panel = list.getByRole('region', { name: MSG.duplicateFace.panelTitle });
    await panel.waitFor();
    expect(await panel.getAttribute('data-testid')).toBe('face-collision');
    const waiting = panel.getByTestId('face-collision-waiting');
    const other = panel.getByTestId('face-collision-other');
    expect(await waiting.getByText(MSG.duplicateFace.thisAccount('aocsecond'), { exact: true }).isVisible()).toBe(true);
    expect(await other.getByText(MSG.duplicateFace.otherAccount('aocfirst', MSG.admin.statuses.pending), { exact: true }).isVisible()).toBe(true);
    for (const n of [1, 2, 3]) {
      expect(await waiting.getByRole('img', { name: MSG.duplicateFace.photoAlt('aocsecond', n), exact: true }).count()).toBe(1);
      expect(await other.getByRole('img', { name: MSG.duplicateFace.photoAlt('aocfirst', n), exact: true }).count()).toBe(1);
    }
    await photosLoaded(page, '[data-testid="face-collision"]');
    const collision = await school.server.db
      .selectFrom('duplicate_faces')
      .select('distance')
      .where('user_id', '=', await userId('aocsecond'))
      .executeTakeFirstOrThrow();
    expect(await panel.getByText(MSG.duplicateFace.distance(collision.distance), { exact: true }).isVisible()).toBe(true);
    // Side by side on a laptop: the waiting account on the left, level with the other.
    const [w, o] = [await box(waiting), await box(other)];
    expect(w.x + w.width).toBeLessThanOrEqual(o.x);
    expect(Math.abs(w.y - o.y)).toBeLessThan(2);
    const approve = list.getByRole('button', { name: MSG.teacher.pending.approve, exact: true });
    expect(await approve.isDisabled()).toBe(true);
    expect(await list.getByRole('button', { name: MSG.reject.button, exact: true }).isEnabled()).toBe(true);
    await screenshot(page, 'face-collision-teacher');
    expect(await violationsWithin(page, '[data-testid="face-collision"]')).toEqual([]);

    // On a 390 px phone the two accounts stack, nothing reaches past the screen, and the decision is made there.
    await page.setViewportSize(PHONE);
    await page.waitForTimeout(300);
    const [ws, os] = [await box(waiting), await box(other)];
    expect(os.y).toBeGreaterThanOrEqual(ws.y + ws.height - 1);
    expect(await page.evaluate(horizontalOverflow)).toEqual({ page: false, outside: [], scrollers: [] });
    await screenshot(page, 'face-collision-teacher-phone');
    await approve.scrollIntoViewIfNeeded();
    await screenshot(page, 'face-collision-teacher-phone-actions');
    await panel.getByRole('button', { name: MSG.duplicateFace.decisions.twins, exact: true }).click();
    await toastWith(page, MSG.duplicateFace.decided.twins).waitFor();
    // aocsecond is let in: the list keeps only aocfirst, without the marker.
    await list.getByRole('button', { name: MSG.teacher.pending.view('aocsecond') }).waitFor({ state: 'detached' });
    await list.getByRole('button', { name: MSG.teacher.pending.view('aocfirst') }).waitFor();
    expect(await list.getByTestId('pending-face-collision').count()).toBe(0);

    const id = await userId('aocsecond');
    const user = await school.server.db.selectFrom('users').select('status').where('id', '=', id).executeTakeFirstOrThrow();
    expect(user.status).toBe('active');
    const row = await school.server.db.selectFrom('duplicate_faces').select(['decision', 'decided_by']).where('user_id', '=', id).executeTakeFirstOrThrow();
    expect(row.decision).toBe('twins');
    expect(row.decided_by).toBe(await userId('bcateacher'));
    await context.close();
  }, 300_000);

  it('the admin sees each collision with both photo sets, its state and who decided, and decides one that waits', async () => {
    const third = await register('aocthird');
    expect(third.status).toBe(201);
    expect(third.body.message).toBe(MSG.duplicateFace.registrationWaits);

    const { page, context } = await school.newPage();
    await login(page, 'head@school.test', PASSWORD, '/admin-dashboard');
    // Issue 36: the collisions are on the portal's Users page.
    await page.goto('/admin-dashboard/users');
    const card = page.getByRole('region', { name: MSG.duplicateFace.cardTitle });
    // The item of the one waiting, not the one a later registration looks like.
    const itemOf = (email: string) => card.getByTestId('duplicate-face').filter({ has: page.getByTestId('duplicate-face-waiting').filter({ hasText: email }) });
    const decided = itemOf('aocsecond@school.test');
    await decided.waitFor();
    const row = await school.server.db
      .selectFrom('duplicate_faces')
      .select('decided_at')
      .where('user_id', '=', await userId('aocsecond'))
      .executeTakeFirstOrThrow();
    const text = await decided.innerText();
    for (const part of [
      MSG.duplicateFace.kind.registration,
      MSG.duplicateFace.state.twins,
      MSG.duplicateFace.decidedBy('bcateacher', formatDateTime(row.decided_at)),
      'aocfirst@school.test',
    ])
      expect(text).toContain(part);
    expect(await decided.getByRole('button', { name: MSG.duplicateFace.decisions.twins }).count()).toBe(0);

    const waiting = itemOf('aocthird@school.test');
    await waiting.getByText(MSG.duplicateFace.state.waiting, { exact: true }).waitFor();
    expect(await waiting.getByRole('img', { name: MSG.duplicateFace.photoAlt('aocthird', 1), exact: true }).count()).toBe(1);
    await photosLoaded(page, '[data-testid="duplicate-face"]');
    await waiting.scrollIntoViewIfNeeded();
    await screenshot(page, 'face-collision-admin');
    // The shared status badges' colours are the accessibility test's own concern (see teacher-tools.e2e.ts).
    expect(await violationsWithin(page, '[aria-labelledby=duplicate-faces-title]', '[data-slot=badge]')).toEqual([]);

    await waiting.getByRole('button', { name: MSG.duplicateFace.decisions.same_person, exact: true }).click();
    await toastWith(page, MSG.duplicateFace.decided.same_person).waitFor();
    await waiting.getByText(MSG.duplicateFace.state.same_person, { exact: true }).waitFor();
    const decidedAt = await school.server.db
      .selectFrom('duplicate_faces')
      .select('decided_at')
      .where('user_id', '=', await userId('aocthird'))
      .executeTakeFirstOrThrow();
    await waiting.getByText(MSG.duplicateFace.decidedBy('head', formatDateTime(decidedAt.decided_at)), { exact: true }).waitFor();
    expect(await waiting.getByRole('button', { name: MSG.duplicateFace.decisions.same_person }).count()).toBe(0);
    const user = await school.server.db.selectFrom('users').select('status').where('username', '=', 'aocthird').executeTakeFirstOrThrow();
    expect(user.status).toBe('inactive');

    await context.close();

    // On a phone, freshly loaded: the turned-away account's photos are no longer served, so the list sends none
    // (no broken images): its column says there are no photos.
    const phone = await school.newPage({ size: PHONE, as: { email: 'head@school.test', password: PASSWORD } });
    await phone.page.goto('/admin-dashboard/users');
    const item = phone.page
      .getByRole('region', { name: MSG.duplicateFace.cardTitle })
      .getByTestId('duplicate-face')
      .filter({ has: phone.page.getByTestId('duplicate-face-waiting').filter({ hasText: 'aocthird@school.test' }) });
    await item.getByTestId('duplicate-face-waiting').getByText(MSG.faceChange.noPhotos).waitFor();
    expect(await item.locator('[data-testid="duplicate-face-waiting"] img, [data-testid="duplicate-face-waiting"] [role="img"]').count()).toBe(0);
    await item.scrollIntoViewIfNeeded();
    await phone.page.waitForTimeout(300);
    expect(await phone.page.evaluate(horizontalOverflow)).toEqual({ page: false, outside: [], scrollers: [] });
    await screenshot(phone.page, 'face-collision-admin-phone');
    await phone.context.close();
  }, 300_000);
});
