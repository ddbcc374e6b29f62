import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { signTestToken } from '../helpers/test-server';
import { hasChromium, screenshot } from './support/browser';
import { type BrowserSchool, LAPTOP, PHONE, useBrowserSchool } from './support/school';

const overviewCards = new RegExp(
  `^(${[MSG.student.attendanceRate, MSG.student.lastCheckIn, MSG.student.currentLocation, MSG.student.quickActions].join('|')})$`,
);

/** Lighthouse's phone (its mobile preset's screen). */
const LIGHTHOUSE_PHONE = { width: 412, height: 823 };

/** The first box on screen of `selector`. */
async function boxOf(page: Page, selector: string) {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} is not on screen`);
  return b;
}

/** The heading's and the subtitle's boxes under the page's first <main>, and those of `also` (selectors). */
async function headingBoxes(page: Page, also: readonly string[] = []) {
  const [h1, subtitle] = [await boxOf(page, 'main h1'), await boxOf(page, 'main h1 + p')];
  // where each starts and how many lines it takes (its width may differ by a hundredth of a pixel: the app writes
  // the bar's title as three text nodes, the frame as one)
  const others = await Promise.all(also.map(async (selector) => (({ x, y, height }) => ({ x, y, height }))(await boxOf(page, selector))));
  // the heading's words change (the title, then the welcome): where it starts, not how wide it is
  return { h1: { x: h1.x, y: h1.y }, subtitle, others };
}

/** Holds every data request of the page until the returned release is called: the page paints its placeholders. */
async function holdData(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/trpc/**', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Keeps every layout shift of the page's life, with the boxes that moved (Chromium's Layout Instability API). */
async function noteLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; moved: string[] }[] = [];
    (window as unknown as { shifts: typeof shifts }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: { node?: Node | null }[] }[]) {
        if (e.hadRecentInput) continue;
        const moved = e.sources.map((s) => {
          const el = s.node instanceof Element ? s.node : s.node?.parentElement;
          return el
            ? `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''}.${el.className}`.slice(0, 120)
            : '?';
        });
        shifts.push({ value: e.value, moved });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts noted so far, and their sum. */
async function layoutShifts(page: Page) {
  const shifts = await page.evaluate(() => (window as unknown as { shifts: { value: number; moved: string[] }[] }).shifts);
  return { shifts, total: shifts.reduce((sum, s) => sum + s.value, 0) };
}

/**
 * A dashboard's frame painted with its HTML (no script run) shows the title and subtitle, and the page, once
 * rendered (`rendered`: a test id of its own) and welcoming `username`, has them in the same boxes, in place of the
 * painted frame: one header, one main. `size`: the screen (a phone unless told); `also`: more of the frame (selectors
 * found in both) that must not move; `shots`: the name of the screenshots of both, to look at.
 */
async function framePaintedWhereShown(
  school: BrowserSchool,
  f: {
    path: string;
    title: string;
    subtitle: string;
    token: string;
    username: string;
    rendered: string;
    size?: { width: number; height: number };
    also?: readonly string[];
    shots?: string;
  },
) {
  const size = f.size ?? PHONE;
  const noScripts = await school.browser.newContext({ baseURL: school.server.url, viewport: size, javaScriptEnabled: false });
  const bare = await noScripts.newPage();
  await bare.goto(f.path);
  await expect.poll(() => bare.locator('main h1').textContent()).toBe(f.title);
  expect(await bare.locator('main h1 + p').textContent()).toBe(f.subtitle);
  const painted = await headingBoxes(bare, f.also);
  if (f.shots) await screenshot(bare, `${f.shots}-painted`);
  await noScripts.close();

  const { page, context } = await school.newPage({ size, token: f.token });
  await page.goto(f.path);
  await page.getByTestId(f.rendered).waitFor();
  await expect.poll(() => page.locator('main h1').textContent()).toBe(MSG.dashboard.welcome(f.username));
  expect(await headingBoxes(page, f.also)).toEqual(painted);
  if (f.shots) await screenshot(page, `${f.shots}-rendered`);
  // the page replaced the painted frame: one header, one main
  expect([await page.locator('header').count(), await page.locator('main').count()]).toEqual([1, 1]);
  await context.close();
}

/**
 * Issue 22, First load: the student dashboard's frame (header, heading, subtitle) comes with its HTML, so a phone
 * shows it before the scripts arrive; the dashboard then renders over it without moving it.
 */
describe.skipIf(!hasChromium)("the student dashboard's first paint in Chromium", () => {
  const school = useBrowserSchool();
  let studentToken: string;

  beforeAll(async () => {
    const { id } = await school.createUser({ role: 'student', username: 'firstpaint', department: 'BCA' });
    studentToken = await signTestToken({ user_id: id, role: 'student', username: 'firstpaint' });
  });

  it('shows the heading and subtitle before any script ran, where the dashboard then shows them', () =>
    framePaintedWhereShown(school, {
      path: '/student-dashboard',
      title: MSG.dashboard.titles.student,
      subtitle: MSG.student.overviewSubtitle,
      token: studentToken,
      username: 'firstpaint',
      rendered: 'session-banner',
    }));

  it("keeps the session banner's placeholder the banner's height when no session is open: nothing below moves", async () => {
    const { page, context } = await school.newPage({ size: PHONE, token: studentToken });
    const release = await holdData(page);
    await page.goto('/student-dashboard');
    const placeholder = page.locator('main [data-slot="skeleton"].rounded-xl').first();
    await placeholder.waitFor();
    const before = await placeholder.boundingBox();
    release();
    await expect.poll(() => page.getByTestId('session-banner-title').textContent()).toBe(MSG.studentScreens.banner.none);
    expect(await page.getByTestId('session-banner').boundingBox()).toEqual(before);
    await context.close();
  });

  it("keeps the overview's cards where their placeholders were when the data arrives, the page's layout shifts adding up to 0.05 at most", async () => {
    const { page, context } = await school.newPage({ size: PHONE, token: studentToken });
    await noteLayoutShifts(page);
    const release = await holdData(page);
    await page.goto('/student-dashboard');
    await page.locator('main [data-slot="skeleton"]').first().waitFor();
    // the overview's cards (Attendance Rate, Last Check-in, Current Location, Quick Actions) around their placeholders
    const cards = page.locator('main [data-slot="card"]').filter({ has: page.getByRole('heading', { name: overviewCards }) });
    await expect.poll(() => cards.count()).toBe(4);
    const boxes = async () => Promise.all((await cards.all()).map((c) => c.boundingBox()));
    const placed = await boxes();
    release();
    await expect.poll(() => page.getByTestId('standing-headline').count()).toBe(1);
    await expect.poll(() => page.getByTestId('attendance-rate').textContent()).toBe(MSG.studentScreens.noSessionsYet);
    // every placeholder has given way to what it held; the leave card's stays until the student scrolls down to it
    // (its form's code comes then: leave-request.e2e.ts)
    await expect.poll(() => page.locator('main [data-slot="skeleton"]:not([data-testid="leave-requests"] *)').count()).toBe(0);
    expect(await page.getByTestId('leave-requests').locator('[data-slot="skeleton"]').count()).toBe(1);
    // two frames after the last answer: any shift it caused has been reported
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await boxes()).toEqual(placed);
    const { shifts, total } = await layoutShifts(page);
    expect(total, JSON.stringify(shifts, null, 1)).toBeLessThanOrEqual(0.05);
    await context.close();
  });

  it('sends a visitor without a login from the painted frame to the login page', async () => {
    const { page, context } = await school.newPage({ size: PHONE });
    await page.goto('/student-dashboard');
    await page.waitForURL('**/login');
    await expect.poll(() => page.locator('h1', { hasText: MSG.dashboard.titles.student }).count()).toBe(0);
    await context.close();
  });
});

/**
 * Issue 36, First load: the teacher dashboard's frame painted with its HTML, as the student's; and on Lighthouse's phone (412 px wide), its data held back and then let
 * through. The counts bar at the top keeps its size from placeholder to count, so the cards below stay put: a bar
 * that wraps differently with its counts than with their placeholders moves every card under it.
 */
describe.skipIf(!hasChromium)("the teacher dashboard's first paint in Chromium", () => {
  const school = useBrowserSchool();
  let teacherToken: string;

  beforeAll(async () => {
    const { id } = await school.createUser({ role: 'teacher', username: 'firstpaintteacher', department: 'BCA' });
    teacherToken = await signTestToken({ user_id: id, role: 'teacher', username: 'firstpaintteacher' });
  });

  it('shows the heading and subtitle before any script ran, where the dashboard then shows them', () =>
    framePaintedWhereShown(school, {
      path: '/teacher-dashboard',
      title: MSG.dashboard.titles.teacher,
      subtitle: MSG.teacher.overviewSubtitle,
      token: teacherToken,
      username: 'firstpaintteacher',
      rendered: 'approvals-summary',
    }));

  it('keeps the overview where it painted it when the counts and cards arrive, the layout shifts adding up to 0.05 at most', async () => {
    const { page, context } = await school.newPage({ size: LIGHTHOUSE_PHONE, token: teacherToken });
    await noteLayoutShifts(page);
    const release = await holdData(page);
    await page.goto('/teacher-dashboard');
    const counts = page.getByTestId('approvals-summary');
    await counts.getByText('…').first().waitFor();
    const quickActions = page.locator('main [data-slot="card"]').first();
    await quickActions.waitFor();
    const placed = await quickActions.boundingBox();
    release();
    await expect.poll(() => counts.getByText('…').count()).toBe(0);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await quickActions.boundingBox()).toEqual(placed);
    const { shifts, total } = await layoutShifts(page);
    expect(total, JSON.stringify(shifts, null, 1)).toBeLessThanOrEqual(0.05);
    await context.close();
  });
});

/**
 * Issue 36, First load: the admin portal's frame (the phone's menu bar or the sidebar's top, the Reports page's
 * heading and intro) painted with its HTML, on Lighthouse's phone and on a laptop; the portal then renders over it
 * and its data arrives without moving what was painted.
 */
describe.skipIf(!hasChromium)("the admin dashboard's first paint in Chromium", () => {
  const school = useBrowserSchool();
  let adminToken: string;

  beforeAll(async () => {
    const { id } = await school.createUser({ role: 'admin', username: 'firstpaintadmin' });
    adminToken = await signTestToken({ user_id: id, role: 'admin', username: 'firstpaintadmin' });
  });

  const screens = [
    // the menu bar's title (after the Menu button), or the sidebar's portal name (beside its fold button)
    { name: 'phone', size: LIGHTHOUSE_PHONE, also: ['header span.truncate'] },
    { name: 'laptop', size: LAPTOP, also: ['aside span.font-semibold'] },
  ];

  for (const { name, size, also } of screens) {
    it(`shows the bar, heading and intro before any script ran, where the portal then shows them (${name}, ${size.width} px)`, () =>
      framePaintedWhereShown(school, {
        path: '/admin-dashboard',
        title: MSG.dashboard.titles.admin,
        subtitle: MSG.admin.pages.reportsIntro,
        token: adminToken,
        username: 'firstpaintadmin',
        rendered: 'stat-teachers',
        size,
        also,
        shots: `admin-first-paint-${name}`,
      }));

    it(`keeps what it painted in place while the portal renders and its data arrives, the layout shifts adding up to 0.05 at most (${name}, ${size.width} px)`, async () => {
      const { page, context } = await school.newPage({ size, token: adminToken });
      await noteLayoutShifts(page);
      const release = await holdData(page);
      await page.goto('/admin-dashboard');
      await page.getByTestId('stat-teachers').locator('[data-slot="skeleton"]').waitFor();
      release();
      await expect.poll(() => page.getByTestId('stat-teachers').textContent()).toMatch(/^\d+$/);
      await expect.poll(() => page.getByText(MSG.admin.charts.empty).count()).toBe(3);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const { shifts, total } = await layoutShifts(page);
      expect(total, JSON.stringify(shifts, null, 1)).toBeLessThanOrEqual(0.05);
      await context.close();
    });
  }
});
