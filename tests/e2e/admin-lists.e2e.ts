import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { flagBit } from '@server/services/attendance/index';
import { MSG } from '@shared/messages';
import { insertSession } from '@harness/geofence-sessions';
import { createTestUser } from '../helpers/test-server';
import { dismissToasts, hasChromium, screenshot, storeTokenBeforeLoad, toastWith } from './support/browser';
import { apiLogin } from './support/journey';
import { horizontalOverflow, outOfView } from './support/overflow';
import { LAPTOP, PHONE, useBrowserSchool } from './support/school';

const PASSWORD = 'Str0ng!pass';
const SIZES = { phone: PHONE, laptop: LAPTOP } as const;
const BCA = 3;
const MBA = 5;
const SESSIONS_EACH = 250;
const LONG_MESSAGE = `${'Our daughter could not mark attendance on Monday. '.repeat(8)}\nShe tried twice.\nPlease check.\nThank you.`;

/**
 * Issue 22's administrator screens at a phone's and a laptop's size, over a school big enough to page (60 students)
 * and to need compact chart labels (15,000 records): the inbox, the users list, the filters moving the cards, the
 * report dialogs' columns and controls, the phone sidebar and the validation words.
 */
describe.skipIf(!hasChromium)('admin lists and dialogs in Chromium', () => {
  const school = useBrowserSchool();
  let total = 0;
  let bcaTotal = 0;
  let token = '';

  beforeAll(async () => {
    const db = school.server.db;
    await createTestUser(db, { role: 'admin', email: 'head@school.test', password: PASSWORD, username: 'head' });
    const kavya = (await createTestUser(db, { role: 'teacher', department: 'BCA', username: 'kavya' })).id;
    const rohan = (await createTestUser(db, { role: 'teacher', department: 'MBA', username: 'rohan' })).id;
    // Students never log in here: one placeholder hash spares 60 argon2 runs.
    const students = [
      ...Array.from({ length: 40 }, (_, i) => ({ name: `bcastu${String(i + 1).padStart(2, '0')}`, department_id: BCA })),
      ...Array.from({ length: 20 }, (_, i) => ({ name: `mbastu${String(i + 1).padStart(2, '0')}`, department_id: MBA })),
    ];
    const ids = await db
      .insertInto('users')
      .values(
        students.map((s) => ({
          username: s.name,
          email: `${s.name}@school.test`,
          password_hash: 'not-a-login',
          role: 'student' as const,
          status: 'active' as const,
          department_id: s.department_id,
          created_at: '2026-01-01T00:00:00.000Z',
        })),
      )
      .returning(['id', 'department_id'])
      .execute();
    const records = [];
    for (let k = 0; k < SESSIONS_EACH; k += 1) {
      const at = new Date(Date.parse('2026-11-20T04:00:00.000Z') - k * 86_400_000).toISOString();
      for (const [teacher, department] of [
        [kavya, BCA],
        [rohan, MBA],
      ]) {
        const session = await insertSession(db, { teacher_id: teacher, department_id: department, started_at: at, ended_at: at });
        for (const [j, s] of ids.filter((u) => u.department_id === department).entries()) {
          const present = (j + k) % 5 !== 0;
          records.push({
            session_id: session,
            student_id: s.id,
            marked_at: at,
            updated_at: at,
            status: present ? ('present' as const) : ('absent' as const),
            geofencing_status: present ? ('valid' as const) : null,
            face_recognition_status: present ? 'verified' : null,
            latitude: present ? 23.0225 : null,
            longitude: present ? 72.5714 : null,
            radius_m: present ? 50 : null,
            manual_override: 0,
          });
        }
      }
    }
    for (let i = 0; i < records.length; i += 500)
      await db
        .insertInto('attendance_records')
        .values(records.slice(i, i + 500))
        .execute();
    // One flagged mark with its address, device and accuracy: the detail's widest row (bcastu01, 19 Nov).
    const [first, second] = ids;
    await db
      .updateTable('attendance_records')
      .set({
        ip: '203.0.113.245',
        user_agent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
        accuracy_m: 12,
        mark_flags: flagBit('off_campus') | flagBit('same_device'),
        mark_flag_refs: JSON.stringify({ same_device: [second.id] }),
      })
      .where('student_id', '=', first.id)
      .where('marked_at', '=', '2026-11-19T04:00:00.000Z')
      .execute();
    total = records.length;
    bcaTotal = 40 * SESSIONS_EACH;
    for (let i = 1; i <= 12; i += 1) {
      await db
        .insertInto('contact_messages')
        .values({
          name: `Parent ${i}`,
          email: `parent${i}@home.test`,
          message: i === 12 ? LONG_MESSAGE : `Question number ${i}`,
          created_at: new Date(Date.parse('2026-11-25T05:00:00.000Z') + i * 60_000).toISOString(),
        })
        .execute();
    }
    token = await apiLogin(school.server.url, 'head@school.test', PASSWORD);
  }, 300_000);

  /**
   * A fresh page open on the administrator's dashboard, signed in with the token of the one API login above, stored
   * before the app's first script runs: one page load and no password check per test (the login form is the auth
   * tests' concern; nothing here logs out).
   */
  const adminPage = async (size: { width: number; height: number }) => {
    const opened = await school.newPage({ size });
    await storeTokenBeforeLoad(opened.context, token);
    await opened.page.goto('/admin-dashboard');
    return opened;
  };

  beforeEach(async () => {
    await school.server.db.updateTable('contact_messages').set({ handled_at: null, handled_by: null }).execute();
  });

  const noOverflow = async (page: Page, where: string) => {
    await page.waitForTimeout(300);
    expect(await page.evaluate(horizontalOverflow), where).toEqual({ page: false, outside: [], scrollers: [] });
  };

  for (const [size, viewport] of Object.entries(SIZES)) {
    it(`inbox: read, reply by email, mark handled, page (${size})`, { timeout: 300_000 }, async () => {
      const { page, context } = await adminPage(viewport);
      // On a phone the portal's links are behind its Menu button (issue 36).
      if (viewport.width < 768) await page.getByRole('button', { name: new RegExp(`^${MSG.admin.nav.menu}( |$)`) }).click();
      await page.getByRole('link', { name: MSG.inbox.navLabel(12) }).click();
      await page.waitForURL('**/admin-dashboard/messages');
      const cards = page.getByTestId('contact-message');
      await expect.poll(() => cards.count()).toBe(10);
      expect(await page.getByRole('button', { name: `${MSG.inbox.views.open} (12)` }).getAttribute('aria-pressed')).toBe('true');
      expect(await cards.first().getByRole('heading').innerText()).toBe('Parent 12');

      // The long message opens in full; Reply writes to the sender with the message quoted.
      const newest = cards.first();
      const read = newest.getByRole('button', { name: MSG.inbox.read });
      expect(await read.getAttribute('aria-expanded')).toBe('false');
      await read.click();
      expect(await newest.getByRole('button', { name: MSG.inbox.collapse }).getAttribute('aria-expanded')).toBe('true');
      await newest.getByText('Thank you.').waitFor();
      const href = (await newest.getByRole('link', { name: MSG.inbox.replyLabel('Parent 12') }).getAttribute('href')) ?? '';
      expect(href.startsWith('mailto:parent12@home.test?')).toBe(true);
      const params = new URLSearchParams(href.split('?')[1]);
      expect(params.get('subject')).toBe(MSG.inbox.replySubject);
      expect(params.get('body')).toContain('She tried twice.');
      await noOverflow(page, `inbox ${size}`);
      await screenshot(page, `admin-inbox-${size}`, true);

      // Handled: it leaves Open (11 now), shows under Handled with who and when, and the sidebar count follows.
      await newest.getByRole('button', { name: MSG.inbox.markHandledLabel('Parent 12') }).click();
      await toastWith(page, MSG.inbox.markedHandled).waitFor();
      await dismissToasts(page);
      await page.getByRole('button', { name: `${MSG.inbox.views.open} (11)` }).waitFor();
      await expect.poll(() => cards.first().getByRole('heading').innerText()).toBe('Parent 11');
      if (viewport.width < 768) await page.getByRole('button', { name: new RegExp(`^${MSG.admin.nav.menu}( |$)`) }).click();
      await page.getByRole('link', { name: MSG.inbox.navLabel(11) }).waitFor();
      if (viewport.width < 768) await page.keyboard.press('Escape');
      const stored = await school.server.db.selectFrom('contact_messages').select('handled_at').where('name', '=', 'Parent 12').executeTakeFirstOrThrow();
      await page.getByRole('button', { name: MSG.inbox.views.handled, exact: true }).click();
      await expect.poll(() => cards.count()).toBe(1);
      await cards
        .first()
        .getByText(MSG.inbox.handledBy(formatDateTime(stored.handled_at), 'head'))
        .waitFor();

      // Paging the open ones: 11 make a second page of one.
      await page.getByRole('button', { name: `${MSG.inbox.views.open} (11)` }).click();
      await expect.poll(() => cards.count()).toBe(10);
      await page.getByRole('button', { name: MSG.pagination.page(2) }).click();
      await expect.poll(() => cards.count()).toBe(1);
      expect(await cards.first().getByRole('heading').innerText()).toBe('Parent 1');
      await context.close();
    });

    it(`users list: server search, department filter and paging (${size})`, { timeout: 300_000 }, async () => {
      const { page, context } = await adminPage(viewport);
      await expect.poll(() => page.getByTestId('stat-students').innerText()).toBe('60');
      await page.getByRole('button', { name: MSG.admin.stats.students }).click();
      const panel = page.getByTestId('users-panel');
      const count = panel.getByTestId('users-count');
      await expect.poll(() => count.innerText()).toBe(MSG.userList.showing(1, 24, 60));
      expect(await panel.getByTestId('user-card').count()).toBe(24);
      await panel.getByRole('button', { name: MSG.pagination.page(3) }).click();
      await expect.poll(() => count.innerText()).toBe(MSG.userList.showing(49, 60, 60));
      expect(await panel.getByTestId('user-card').first().innerText()).toContain('mbastu09');

      await panel.getByLabel(MSG.userList.search).fill('MBASTU1');
      await expect.poll(() => count.innerText()).toBe(MSG.userList.showing(1, 10, 10));
      await panel.getByLabel(MSG.userList.search).fill('');
      await panel.getByLabel(MSG.userList.department).selectOption({ label: 'BCA' });
      await expect.poll(() => count.innerText()).toBe(MSG.userList.showing(1, 24, 40));
      await panel.getByLabel(MSG.userList.search).fill('nobody-here');
      await panel.getByText(MSG.userList.noMatch).waitFor();
      await panel.getByLabel(MSG.userList.search).fill('stu07');
      await expect.poll(() => panel.getByTestId('user-card').allInnerTexts()).toEqual([expect.stringContaining('bcastu07')]);
      await noOverflow(page, `users ${size}`);
      await screenshot(page, `admin-users-${size}`, true);
      await context.close();
    });

    it(`the filter row moves the stat cards with the charts (${size})`, { timeout: 300_000 }, async () => {
      const { page, context } = await adminPage(viewport);
      const fmt = (n: number) => n.toLocaleString('en-IN');
      await expect.poll(() => page.getByTestId('stat-attendance').innerText()).toBe(fmt(total));
      expect(await page.getByTestId('stat-teachers').innerText()).toBe('2');
      expect(await page.getByTestId('stat-sessions').innerText()).toBe(MSG.admin.stats.sessions(2 * SESSIONS_EACH));
      await page.getByLabel(MSG.admin.filters.department, { exact: true }).selectOption({ label: 'BCA' });
      await page.getByRole('button', { name: MSG.admin.filters.apply }).click();
      await expect.poll(() => page.getByTestId('stat-attendance').innerText()).toBe(fmt(bcaTotal));
      expect(await page.getByTestId('stat-students').innerText()).toBe('40');
      expect(await page.getByTestId('stat-teachers').innerText()).toBe('1');
      expect(await page.getByTestId('stat-sessions').innerText()).toBe(`${MSG.admin.stats.sessions(SESSIONS_EACH)} ${MSG.userList.inDepartment('BCA')}`);
      // A date range narrows the records and sessions, not the accounts.
      await page.getByLabel(MSG.admin.filters.startDate).fill('2026-11-11');
      await page.getByLabel(MSG.admin.filters.endDate).fill('2026-11-20');
      await page.getByRole('button', { name: MSG.admin.filters.apply }).click();
      await expect.poll(() => page.getByTestId('stat-attendance').innerText()).toBe(fmt(40 * 10));
      expect(await page.getByTestId('stat-students').innerText()).toBe('40');
      // The students card opens the list on the filtered department.
      await page.getByRole('button', { name: MSG.admin.stats.students }).click();
      await expect.poll(() => page.getByTestId('users-count').innerText()).toBe(MSG.userList.showing(1, 24, 40));
      expect(await page.getByTestId('users-panel').getByLabel(MSG.userList.department).inputValue()).toBe(String(BCA));
      await page.getByRole('button', { name: MSG.admin.filters.clear }).click();
      await expect.poll(() => page.getByTestId('stat-attendance').innerText()).toBe(fmt(total));
      await page.getByTestId('users-panel').getByRole('button', { name: MSG.userList.close }).click();
      // The Student filter is a server search with suggestions, not a select of every student.
      const student = page.getByLabel(MSG.admin.filters.student, { exact: true });
      await student.fill('bcastu07');
      await expect.poll(() => page.locator('#filter-student-options option').count()).toBe(1);
      await student.fill(MSG.userList.studentOption('bcastu07', 'bcastu07@school.test'));
      await page.getByRole('button', { name: MSG.admin.filters.apply }).click();
      await expect.poll(() => page.getByTestId('stat-attendance').innerText()).toBe(fmt(SESSIONS_EACH));
      expect(await page.getByTestId('stat-students').innerText()).toBe('1');
      await page.getByRole('button', { name: MSG.admin.filters.clear }).click();
      expect(await student.inputValue()).toBe('');
      await expect.poll(() => page.getByTestId('stat-attendance').innerText()).toBe(fmt(total));

      // Chart labels: 5-digit counts are drawn compact and inside their chart at any width.
      for (const id of ['chart-present-absent', 'chart-face-geo', 'chart-manual-system']) {
        const chart = page.getByTestId(id);
        await chart.locator('svg.recharts-surface').first().waitFor();
        const box = (await chart.boundingBox())!;
        for (const text of await chart.locator('svg text').all()) {
          const t = await text.boundingBox();
          if (!t || !(await text.textContent())) continue;
          expect(t.x >= box.x - 1 && t.x + t.width <= box.x + box.width + 1, `${id} "${await text.textContent()}" cut`).toBe(true);
        }
      }
      expect(await page.getByTestId('chart-manual-system').getByText('15K', { exact: true }).count()).toBe(1);
      await noOverflow(page, `dashboard ${size}`);
      await screenshot(page, `admin-dashboard-cards-${size}`, true);
      await context.close();
    });

    it(`summary and detail dialogs show every column and control (${size})`, { timeout: 300_000 }, async () => {
      const { page, context } = await adminPage(viewport);
      await page.getByRole('button', { name: MSG.admin.filters.openSummary }).click();
      const summary = page.getByRole('dialog');
      const phone = size === 'phone';
      const rows = summary.getByTestId(phone ? 'summary-card' : 'summary-row');
      await expect.poll(() => rows.count()).toBe(20);
      if (phone) {
        expect(await summary.getByRole('table').isVisible()).toBe(false);
        for (const label of [...MSG.admin.summaryColumns.slice(2), MSG.admin.flaggedColumn])
          expect(await rows.first().getByText(label, { exact: true }).count()).toBe(1);
      } else {
        // Teacher, Student, Rate, the counts, Flagged
        expect(await summary.getByRole('columnheader').allInnerTexts()).toEqual(
          [...MSG.admin.summaryColumns.slice(0, 2), MSG.admin.rateColumn, ...MSG.admin.summaryColumns.slice(2), MSG.admin.flaggedColumn].map((c) =>
            c.toUpperCase(),
          ),
        );
        expect(await outOfView(page, summary, 'th')).toEqual([]);
      }
      // The controls stay on screen whatever the rows (the close button, Export CSV, Next).
      expect(await outOfView(page, summary, '[data-testid="report-controls"] button, button:has(.sr-only)')).toEqual([]);
      expect(await summary.locator('[data-testid="report-controls"] button').count()).toBe(2);
      await noOverflow(page, `summary ${size}`);
      await screenshot(page, `admin-summary-${size}`);

      await rows.first().click();
      const detail = page.getByRole('dialog').filter({ hasText: MSG.admin.detailColumns[0] });
      const records = detail.getByTestId(phone ? 'detail-card' : 'detail-row');
      await expect.poll(() => records.count()).toBe(SESSIONS_EACH);
      const columns = [
        ...MSG.admin.detailColumns,
        MSG.markTrace.address,
        MSG.markTrace.device,
        MSG.markTrace.accuracy,
        MSG.markFlags.column,
        MSG.teacher.detail.faceTries,
      ];
      if (phone) {
        // A card names neither the flags (their list says why) nor face check tries the record's session did not have.
        for (const label of columns.slice(0, -2)) expect(await records.first().getByText(label, { exact: true }).count(), label).toBe(1);
      } else {
        expect((await detail.getByRole('columnheader').allInnerTexts()).map((t) => t.toLowerCase())).toEqual(columns.map((c) => c.toLowerCase()));
        expect(await outOfView(page, detail, 'th')).toEqual([]);
      }
      expect(await outOfView(page, detail, '[data-testid="report-controls"] button, button:has(.sr-only)')).toEqual([]);
      expect(await detail.locator('[data-testid="report-controls"] button').count()).toBe(1);
      await noOverflow(page, `detail ${size}`);
      await screenshot(page, `admin-detail-${size}`);
      await context.close();
    });

    it(`the add-user form speaks people's words (${size})`, { timeout: 300_000 }, async () => {
      const { page, context } = await adminPage(viewport);
      await page.getByRole('button', { name: MSG.admin.addUser }).click();
      const modal = page.getByRole('dialog');
      await modal.getByRole('button', { name: MSG.admin.modal.save }).click();
      await modal.getByText(MSG.validation.department).waitFor();
      await modal.getByText(MSG.validation.username).waitFor();
      expect(await modal.innerText()).not.toMatch(/Too small|expected|Invalid input|>=/);
      await screenshot(page, `admin-user-form-errors-${size}`);
      await context.close();
    });
  }

  it('the phone menu opens over the page, not beside it', { timeout: 300_000 }, async () => {
    const { page, context } = await adminPage(SIZES.phone);
    // The Messages link is behind Menu on a phone: the 12 open messages show on the button, read out with it.
    const menu = page.getByRole('button', { name: `${MSG.admin.nav.menu} 12 ${MSG.inbox.menuCountLabel}`, exact: true });
    await menu.waitFor();
    expect(await page.getByTestId('menu-messages-count').textContent()).toBe(`12 ${MSG.inbox.menuCountLabel}`);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    // The count arrives with the data and sits on the button's corner: the bar's title is where it is without it.
    const title = page.getByTestId('admin-menu-bar').getByText(`${MSG.admin.portal} · `);
    const titleX = (await title.boundingBox())!.x;
    await screenshot(page, 'admin-menu-count-390');
    const withoutCount = await page.evaluate(() => {
      const count = document.querySelector('[data-testid="menu-messages-count"]')!;
      const parent = count.parentElement!;
      const next = count.nextSibling;
      count.remove();
      const x = document.querySelector('[data-testid="admin-menu-bar"] span.truncate')!.getBoundingClientRect().x;
      parent.insertBefore(count, next);
      return x;
    });
    expect(withoutCount).toBe(titleX);
    const main = page.getByRole('main');
    // Where the page starts and how wide it is: its height grows as the dashboard's data arrives.
    const across = async () => {
      const { x, width } = (await main.boundingBox())!;
      return { x, width };
    };
    const before = await across();
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('navigation', { name: MSG.admin.portal }).getByRole('link', { name: MSG.admin.nav.users }).waitFor();
    expect(await across()).toEqual(before);
    await noOverflow(page, 'menu open');
    await screenshot(page, 'admin-sidebar-open-phone');
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });
});
