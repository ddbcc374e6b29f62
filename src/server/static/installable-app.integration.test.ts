import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { startTestServerForFile } from '@tests/helpers/test-server';
import { CLIENT_DIST } from '../lib/install-layout';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

const srv = await startTestServerForFile();

/** Issue 24 section 4: what a phone needs to put Roll Call on its home screen (Lighthouse's installability checks). */
describe('the installable app', () => {
  it('serves a web app manifest that index.html links: name, standalone, theme colour, a start URL in scope', async () => {
    const page = await (await fetch(`${srv.url}/`)).text();
    expect(page).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(page).toMatch(/<meta name="theme-color" content="#4f46e5"/);

    const res = await fetch(`${srv.url}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      name: MSG.app.name,
      short_name: MSG.app.name,
      display: 'standalone',
      scope: '/',
      // the login page sends a stored login to its role's dashboard (tests/e2e/installable.e2e.ts sees it)
      start_url: '/login',
      theme_color: '#4f46e5',
      background_color: '#ffffff',
    });
  });

  it('lists icons at 192 and 512 px plus a maskable one, each a PNG of exactly the size it claims', async () => {
    const { icons } = (await (await fetch(`${srv.url}/manifest.webmanifest`)).json()) as { icons: ManifestIcon[] };
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of icons) {
      const res = await fetch(`${srv.url}${icon.src}`);
      expect(res.status, icon.src).toBe(200);
      expect(res.headers.get('content-type'), icon.src).toBe(icon.type);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(`${meta.format} ${meta.width}x${meta.height}`, icon.src).toBe(`png ${icon.sizes}`);
    }
    // a maskable icon has no transparent corners: the launcher's mask cuts it, it must not show holes
    const maskable = icons.find((i) => i.purpose === 'maskable') as ManifestIcon;
    const { data } = await sharp(path.join(CLIENT_DIST, maskable.src)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(data[3]).toBe(255);
  });

  it('serves the service worker as a script that is revalidated on every visit, never kept as immutable', async () => {
    for (const file of ['/sw.js', '/registerSW.js']) {
      const res = await fetch(`${srv.url}${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type'), file).toMatch(/^(text|application)\/javascript/);
      expect(res.headers.get('cache-control'), file).toBe('no-cache');
    }
    const page = await (await fetch(`${srv.url}/`)).text();
    expect(page).toMatch(/<script[^>]+src="\/registerSW\.js"/);
    expect(await (await fetch(`${srv.url}/registerSW.js`)).text()).toContain("register('/sw.js', { scope: '/' })");
    // the CSP lets the page register it and read the manifest (both from this origin)
    const csp = (await fetch(`${srv.url}/`)).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).not.toMatch(/worker-src|manifest-src/);
  });

  it('precaches the shell and the entry script, and keeps no API answer, tRPC call or face image', async () => {
    const sw = await (await fetch(`${srv.url}/sw.js`)).text();
    const precached = [...sw.matchAll(/url:"([^"]+)"/g)].map((m) => m[1]);
    const entry = fs.readFileSync(path.join(CLIENT_DIST, 'index.html'), 'utf8').match(/src="\/(assets\/index-[^"]+\.js)"/)?.[1];
    expect(precached).toContain('index.html');
    expect(precached).toContain(entry);
    expect(precached).toContain('manifest.webmanifest');
    expect(precached.filter((u) => /^\/?(api|trpc|models)\//.test(u) || /\.(jpe?g|webm|mp4)$/.test(u))).toEqual([]);
    // the face tracker and the admin's charts are not every phone's download
    expect(precached.filter((u) => /human\.esm|admin-dashboard-page/.test(u))).toEqual([]);
    // pages fall back to the shell only when the network fails, and never for /api, /trpc or the tracker's models
    expect(sw).toContain('PrecacheFallbackPlugin({fallbackURL:"/index.html"})');
    expect(sw).toContain('!/^\\/(api|trpc|models)\\//.test(');
  });
});
