import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TILE_URL } from '@shared/schemas/attendance/class-tools';
import { MSG } from '@shared/messages';
import { getJson, trpcClient } from '@harness/api-client';
import { manualClock } from '@tests/helpers/manual-clock';
import { signInTestUser, startTestServer, type TestServer } from '@tests/helpers/test-server';

const clock = manualClock(new Date('2026-03-02T04:00:00Z'));
let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ clock });
});
afterAll(() => srv.close());

const put = async (body: unknown, token: string) => {
  const res = await fetch(`${srv.url}/api/admin/map_tiles`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
};
/** The img-src of the policy a page (the SPA's route) is served with. */
const imgSrc = async () => {
  const csp = (await fetch(`${srv.url}/teacher-dashboard`)).headers.get('content-security-policy') ?? '';
  return csp
    .split(';')
    .find((d) => d.trim().startsWith('img-src'))
    ?.trim();
};

describe('the session map tile server', () => {
  it("is OpenStreetMap's until an administrator sets another, and the page's policy follows it", async () => {
    const admin = await signInTestUser(srv, { role: 'admin' });
    const teacher = await signInTestUser(srv, { role: 'teacher', department: 'BCA' });
    expect((await getJson(`${srv.url}/api/map_tiles`, teacher.token)).body).toEqual({ url_template: DEFAULT_TILE_URL });
    expect(await imgSrc()).toBe("img-src 'self' data: blob: https://tile.openstreetmap.org");

    const school = 'https://{s}.tiles.school.test/osm/{z}/{x}/{y}.png';
    const saved = await put({ url_template: school }, admin.token);
    expect(saved).toMatchObject({ status: 200, body: { url_template: school, default_url: DEFAULT_TILE_URL, updated_by: admin.username } });
    expect(await trpcClient(srv.url, teacher.token).teacher.mapTiles.query()).toEqual({ url_template: school });
    expect(await imgSrc()).toBe("img-src 'self' data: blob: https://*.tiles.school.test");

    // Cleared: no map, and no tile host in the policy.
    await trpcClient(srv.url, admin.token).settings.setMapTiles.mutate({ url_template: null });
    expect((await getJson(`${srv.url}/api/map_tiles`, teacher.token)).body).toEqual({ url_template: null });
    expect(await imgSrc()).toBe("img-src 'self' data: blob: 'self'");
  });

  it.each(['https://tiles.school.test/osm.png', 'javascript:alert(1)//{z}{x}{y}', 'ftp://tiles.school.test/{z}/{x}/{y}.png', ''])(
    'refuses %j, keeping the template in force',
    async (bad) => {
      const admin = await signInTestUser(srv, { role: 'admin' });
      const before = (await put({ url_template: DEFAULT_TILE_URL }, admin.token)).body.url_template;
      expect(await put({ url_template: bad }, admin.token)).toMatchObject({ status: 400, body: { error: MSG.mapTiles.invalid } });
      expect((await getJson(`${srv.url}/api/admin/map_tiles`, admin.token)).body.url_template).toBe(before);
    },
  );
});
