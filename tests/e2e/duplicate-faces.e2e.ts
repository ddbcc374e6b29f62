import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages';
import { hasFixtures, readFixture } from '../helpers/fixtures';
import { GOOD_FIELDS, postRegister } from '../helpers/http';
import { hasChromium, screenshot, toastWith } from './support/browser';
import { login } from './support/journey';
import { useBrowserSchool } from './support/school';

const D = MSG.duplicateFace;
const PASSWORD = 'Str0ng!pass';

/** Issue 18: the admin compares a refused registration with the account it matched and lets one through. */
describe.skipIf(!hasChromium || !hasFixtures)('refused duplicate faces on the admin dashboard in Chromium', () => {
  const school = useBrowserSchool();
  const aoc = () => ['f005', 'f045', 'f070'].map((f) => ({ data: readFixture('clips', `enroll_aoc_${f}.jpg`) }));

  beforeAll(async () => {
    await school.createUser({ role: 'admin', email: 'head@school.test', password: PASSWORD, username: 'head' });
    expect((await postRegister(school.server.url, { ...GOOD_FIELDS, email: 'twin.a@school.test', username: 'twina' }, aoc())).status).toBe(201);
    expect((await postRegister(school.server.url, { ...GOOD_FIELDS, email: 'twin.b@school.test', username: 'twinb' }, aoc())).status).toBe(409);
  }, 300_000);

  it('shows the refusal beside the matched account and its photos, and lets one registration through', async () => {
    const { page, context } = await school.newPage();
    await login(page, 'head@school.test', PASSWORD, '/admin-dashboard');
    const card = page.getByRole('region', { name: D.cardTitle });
    const item = card.getByTestId('duplicate-face').filter({ hasText: 'twin.b@school.test' });
    await item.waitFor();
    expect(await item.innerText()).toContain('twina');
    expect(await item.getByText(D.stateWaiting, { exact: true }).isVisible()).toBe(true);
    // The matched account's enrolled photos load through their signed URLs.
    const photos = item.getByRole('img', { name: /Enrolled photo \d of the matching account/ });
    expect(await photos.count()).toBe(3);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="duplicate-face"] img')].every((i) => (i as HTMLImageElement).naturalWidth > 0),
    );
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-duplicate-faces');

    await item.getByRole('button', { name: D.allow }).click();
    await toastWith(page, D.allowed).waitFor();
    await item.getByText(D.stateAllowed('head')).waitFor();
    expect(await item.getByRole('button', { name: D.allow }).count()).toBe(0);
    const row = await school.server.db
      .selectFrom('duplicate_faces')
      .select(['allowed_at', 'used_at'])
      .where('email', '=', 'twin.b@school.test')
      .executeTakeFirstOrThrow();
    expect(row.allowed_at).not.toBeNull();
    expect(row.used_at).toBeNull();
    await context.close();
  }, 300_000);
});
