import { describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { signTestToken } from '../helpers/test-server';
import { hasChromium, screenshot, toastWith } from './support/browser';
import { PHONE, useBrowserSchool } from './support/school';

describe.skipIf(!hasChromium)('public pages in Chromium', () => {
  const school = useBrowserSchool();

  it('landing: hero, feature cards, anchors, and a header that changes style after 50 px', async () => {
    const { page, context } = await school.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: MSG.landing.heroTitle }).waitFor();
    for (const title of ['Easy Registration', 'Geofencing', 'Facial Recognition']) {
      await page.getByRole('heading', { name: title, exact: true }).waitFor();
    }
    expect(await page.locator('#features').count()).toBe(1);
    expect(await page.locator('#contact').count()).toBe(1);
    await screenshot(page, 'landing');

    const header = page.locator('header').first();
    expect(await header.getAttribute('data-scrolled')).toBe('false');
    await page.evaluate(() => window.scrollTo(0, 40));
    await page.waitForTimeout(100);
    expect(await header.getAttribute('data-scrolled')).toBe('false');
    await page.evaluate(() => window.scrollTo(0, 120));
    await expect.poll(() => header.getAttribute('data-scrolled')).toBe('true');
    await page.waitForTimeout(400);
    await screenshot(page, 'landing-scrolled');

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('main').getByRole('link', { name: MSG.nav.register }).click();
    await page.waitForURL('**/register');
    await page.goBack();
    await page.getByRole('main').getByRole('link', { name: MSG.nav.login, exact: true }).click();
    await page.waitForURL('**/login');
    await context.close();
  });

  it('honours a wish for less motion: transitions take a millisecond, and run as drawn for everyone else', async () => {
    // The tests' pages ask for reduced motion (support/browser.ts); this page then asks for none.
    const { page, context } = await school.newPage();
    await page.goto('/login');
    const submit = page.getByRole('button', { name: MSG.login.submit });
    await submit.waitFor();
    const transition = () => submit.evaluate((el) => getComputedStyle(el).transitionDuration);
    expect(await transition()).toBe('0.001s');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await transition()).toBe('0.15s');
    await context.close();
  });

  it('about page has mission, technology, privacy and security, and team', async () => {
    const { page, context } = await school.newPage();
    await page.goto('/about-us');
    for (const section of MSG.about.sections) await page.getByRole('heading', { name: section.title }).waitFor();
    await screenshot(page, 'about', true);
    await context.close();
  });

  it('contact form stores the message for the administrators, says so and clears', async () => {
    const { page, context } = await school.newPage();
    await page.goto('/contact-us');
    await page.getByLabel(MSG.contact.name).fill('Asha');
    await page.getByLabel(MSG.contact.email).fill('asha@school.test');
    await page.getByLabel(MSG.contact.message).fill('Hello there');
    await page.getByRole('button', { name: MSG.contact.submit }).click();
    await toastWith(page, MSG.contact.stored).waitFor();
    expect(await page.getByLabel(MSG.contact.name).inputValue()).toBe('');
    expect(await page.getByLabel(MSG.contact.message).inputValue()).toBe('');
    const { server } = school;
    const stored = await server.db.selectFrom('contact_messages').select(['name', 'email', 'message']).execute();
    expect(stored).toEqual([{ name: 'Asha', email: 'asha@school.test', message: 'Hello there' }]);

    // Admins read them; nobody else does.
    const admin = await school.createUser({ role: 'admin' });
    const student = await school.createUser({ role: 'student', department: 'BCA' });
    const read = (user: { id: number }, role: string) =>
      signTestToken({ user_id: user.id, role }).then((t) => fetch(`${server.url}/api/admin/contact_messages`, { headers: { authorization: `Bearer ${t}` } }));
    const list = await read(admin, 'admin');
    expect(await list.json()).toMatchObject({ total_records: 1, data: [{ name: 'Asha', message: 'Hello there' }] });
    expect((await read(student, 'student')).status).toBe(403);
    await screenshot(page, 'contact', true);
    await context.close();
  });

  it('contact form keeps what was typed and says so when the message cannot be stored', async () => {
    const { page, context } = await school.newPage();
    await page.goto('/contact-us');
    await page.getByLabel(MSG.contact.name).fill('Asha');
    await page.getByLabel(MSG.contact.email).fill('asha@school.test');
    await page.getByLabel(MSG.contact.message).fill('x'.repeat(2001));
    await page.getByRole('button', { name: MSG.contact.submit }).click();
    await toastWith(page, MSG.contact.messageRequired).waitFor();
    expect(await page.getByLabel(MSG.contact.name).inputValue()).toBe('Asha');
    expect(await school.server.db.selectFrom('contact_messages').select('id').where('message', 'like', 'xxx%').execute()).toEqual([]);
    await context.close();
  });

  it('thank-you page leads to login', async () => {
    const { page, context } = await school.newPage();
    await page.goto('/thank-you');
    await page.getByRole('link', { name: MSG.thankYou.toLogin }).click();
    await page.waitForURL('**/login');
    await context.close();
  });

  it('lays out on a phone-sized screen', async () => {
    const { page, context } = await school.newPage({ size: PHONE });
    await page.goto('/');
    await page.getByRole('button', { name: MSG.nav.menu }).click();
    await page.getByRole('navigation', { name: MSG.nav.main }).getByRole('link', { name: MSG.nav.about }).waitFor();
    await page.waitForTimeout(400); // the header's colour transition
    await screenshot(page, 'landing-mobile-menu');
    await page.goto('/register');
    await page.getByRole('heading', { name: MSG.register.headingUser }).waitFor();
    await screenshot(page, 'register-mobile', true);
    await context.close();
  });
});
