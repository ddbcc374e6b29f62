import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import zlib from 'node:zlib';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { rawGet } from '@tests/helpers/raw-http';
import { signInTestUser, startTestServerForFile } from '@tests/helpers/test-server';
import { CLIENT_DIST } from '../lib/install-layout';
import { clientFiles } from './client-files';

/** The built client (tests/global-setup.ts builds it): its entry script, named by hash in index.html. */
const indexHtml = fs.readFileSync(path.join(CLIENT_DIST, 'index.html'), 'utf8');
const entryScript = indexHtml.match(/src="(\/assets\/index-[^"]+\.js)"/)?.[1] as string;
const stylesheet = indexHtml.match(/href="(\/assets\/index-[^"]+\.css)"/)?.[1] as string;

const srv = await startTestServerForFile();

/** Issue 22, First load: what a phone on a slow network downloads, and how long it may keep it. */
describe('the built client over HTTP', () => {
  it('sends the scripts brotli-compressed to a browser that accepts br, gzip to one that accepts only gzip, plain to one that accepts neither', async () => {
    expect(entryScript).toBeTruthy();
    const onDisk = fs.readFileSync(path.join(CLIENT_DIST, entryScript));
    const br = await rawGet(`${srv.url}${entryScript}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.body).equals(onDisk)).toBe(true);
    expect(br.body.length).toBeLessThan(onDisk.length / 2);

    const gz = await rawGet(`${srv.url}${entryScript}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).equals(onDisk)).toBe(true);

    const plain = await rawGet(`${srv.url}${entryScript}`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(onDisk)).toBe(true);

    const css = await rawGet(`${srv.url}${stylesheet}`, { 'accept-encoding': 'br' });
    expect(css.headers['content-encoding']).toBe('br');
  });

  it('compresses JSON answers too (an admin list), and never an image that is compressed already', async () => {
    const admin = await signInTestUser(srv, { role: 'admin' });
    const now = new Date().toISOString();
    await srv.db
      .insertInto('contact_messages')
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          name: `Parent ${i}`,
          email: `parent${i}@school.test`,
          message: 'When is the exam? '.repeat(8),
          created_at: now,
        })),
      )
      .execute();
    const res = await rawGet(`${srv.url}/api/admin/contact_messages`, { authorization: `Bearer ${admin.token}`, 'accept-encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(res.body).toString()).total_records).toBe(12);

    const icon = await rawGet(`${srv.url}/icons/icon-512.png`, { 'accept-encoding': 'gzip, br' });
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.body.equals(fs.readFileSync(path.join(CLIENT_DIST, 'icons/icon-512.png')))).toBe(true);
  });

  it("is React's production build, as a school runs it, although the test runner built it under NODE_ENV=test", () => {
    const scripts = fs.readdirSync(path.join(CLIENT_DIST, 'assets')).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(10);
    // the development runtime's JSX call and the development React's own stack marker
    const development = scripts.filter((f) => /jsxDEV|react_stack_bottom_frame/.test(fs.readFileSync(path.join(CLIENT_DIST, 'assets', f), 'utf8')));
    expect(development).toEqual([]);
  });

  it('lets browsers keep a hashed asset for a year without asking again, and asks them to revalidate index.html on every visit', async () => {
    for (const asset of [entryScript, stylesheet]) {
      const res = await fetch(`${srv.url}${asset}`);
      expect(res.status, asset).toBe(200);
      expect(res.headers.get('cache-control'), asset).toBe('public, max-age=31536000, immutable');
    }
    for (const page of ['/', '/login', '/student-dashboard', '/index.html']) {
      const res = await fetch(`${srv.url}${page}`);
      expect(res.status, page).toBe(200);
      expect(res.headers.get('content-type'), page).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control'), page).toBe('no-cache');
      expect(await res.text(), page).toContain('<div id="root">');
    }
  });

  it("answers a file that does not exist with 404 and a plain message, not the app's HTML", async () => {
    for (const missing of ['/assets/index-00000000.js', '/assets/gone', '/favicon.ico', '/logo.png', '/login/old-bundle.js', '/sitemap.xml']) {
      const res = await fetch(`${srv.url}${missing}`);
      expect(res.status, missing).toBe(404);
      expect(res.headers.get('content-type'), missing).toMatch(/^text\/plain/);
      expect(await res.text(), missing).toBe(MSG.notFound);
    }
    // a route the app does not know is still the app's own 404 page (SPEC 2), rendered by the client
    const page = await fetch(`${srv.url}/no-such-page`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('serves a real robots.txt: the public pages may be indexed, the rest not', async () => {
    const res = await fetch(`${srv.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await res.text()).split('\n').filter((l) => l && !l.startsWith('#'));
    expect(lines).toEqual(['User-agent: *', 'Allow: /$', 'Allow: /about-us', 'Allow: /contact-us', 'Disallow: /']);
  });

  it('asks for the stylesheet before any script: the first paint waits for the CSS, not for scripts ahead of it', async () => {
    for (const page of ['/', '/login', '/student-dashboard']) {
      const html = (await rawGet(`${srv.url}${page}`, { 'accept-encoding': 'identity' })).body.toString('utf8');
      const stylesheet = html.search(/<link rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css"/);
      expect(stylesheet, page).toBeGreaterThan(0);
      expect(html.slice(0, stylesheet), page).not.toMatch(/<script|modulepreload/);
    }
  });

  it("names a page's own chunks in its head (modulepreload), so the browser fetches them beside the entry script", async () => {
    const preloadsOf = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    const inIndex = preloadsOf(indexHtml);
    const login = await rawGet(`${srv.url}/login`, { 'accept-encoding': 'identity' });
    expect(login.status).toBe(200);
    expect(login.headers['content-type']).toMatch(/^text\/html/);
    expect(login.headers['cache-control']).toBe('no-cache');
    const extra = preloadsOf(login.body.toString('utf8')).filter((href) => !inIndex.includes(href));
    // The login page's own chunk and the data layout's, each a script the server has; none is in index.html already.
    expect(extra.some((href) => /\/assets\/login-page-[\w-]+\.js$/.test(href))).toBe(true);
    expect(extra.some((href) => /\/assets\/data-layout-[\w-]+\.js$/.test(href))).toBe(true);
    for (const href of extra) {
      const res = await rawGet(`${srv.url}${href}`, { 'accept-encoding': 'identity' });
      expect(res.status, href).toBe(200);
      expect(res.headers['content-type'], href).toMatch(/javascript/);
    }
    // A trailing slash is the same page; the landing page's code is all in the entry, and an unknown path adds nothing.
    expect(preloadsOf((await rawGet(`${srv.url}/login/`)).body.toString('utf8'))).toEqual(preloadsOf(login.body.toString('utf8')));
    expect(preloadsOf((await rawGet(`${srv.url}/`)).body.toString('utf8'))).toEqual(inIndex);
    expect(preloadsOf((await rawGet(`${srv.url}/no-such-page`)).body.toString('utf8'))).toEqual(inIndex);
    // The student's page does not fetch the admin's charts.
    const student = preloadsOf((await rawGet(`${srv.url}/student-dashboard`)).body.toString('utf8'));
    expect(student.some((href) => href.includes('student-dashboard-page-'))).toBe(true);
    expect(student.filter((href) => /admin-dashboard-page-|session-map-|human\.esm-/.test(href))).toEqual([]);
    // The admin's page fetches its charts' library (recharts, about 350 KB) once the totals are here, not with the page.
    const admin = preloadsOf((await rawGet(`${srv.url}/admin-dashboard`)).body.toString('utf8'));
    expect(admin.some((href) => href.includes('admin-dashboard-page-'))).toBe(true);
    for (const href of admin) expect(fs.readFileSync(path.join(CLIENT_DIST, href), 'utf8'), href).not.toContain('recharts-surface');
    // Nor the code of what opens closed (the user form, the summary and the dialogs they lead to): zod, react-hook-form,
    // Radix's dialog; each named by a string of its own that minifying keeps.
    for (const href of admin) expect(fs.readFileSync(path.join(CLIENT_DIST, href), 'utf8'), href).not.toMatch(/ZodObject|shouldUnregister|DialogContent/);
  });

  it("paints the student's and the teacher's dashboard header, heading and subtitle with its HTML, the admin portal's bar, heading and intro, and the brand line on the other pages", async () => {
    const bodyOf = (html: string) => /<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '';
    const bodyAt = async (page: string) => bodyOf((await rawGet(`${srv.url}${page}`, { 'accept-encoding': 'identity' })).body.toString('utf8'));
    const brandLineBody = bodyOf(indexHtml);
    expect(brandLineBody).toContain(`>${MSG.app.name}</div><!--/first-paint--></div>`);
    const dashboardHeading = (title: string, subtitle: string) => [
      `<h1 class="text-2xl font-bold tracking-tight sm:text-3xl">${title}</h1>`,
      `<p class="text-muted-foreground">${subtitle}</p>`,
    ];
    const frames = [
      { paths: ['/student-dashboard', '/student-dashboard/'], holds: dashboardHeading(MSG.dashboard.titles.student, MSG.student.overviewSubtitle) },
      { paths: ['/teacher-dashboard', '/teacher-dashboard/'], holds: dashboardHeading(MSG.dashboard.titles.teacher, MSG.teacher.overviewSubtitle) },
      {
        paths: ['/admin-dashboard', '/admin-dashboard/'],
        holds: [
          `<span class="truncate">${MSG.admin.portal} · ${MSG.admin.nav.reports}</span>`,
          `<h1 class="text-2xl font-semibold">${MSG.dashboard.titles.admin}</h1>`,
          `<p class="text-sm text-muted-foreground">${MSG.admin.pages.reportsIntro}</p>`,
        ],
      },
    ];
    for (const { paths, holds } of frames) {
      for (const page of paths) {
        const body = await bodyAt(page);
        // beside an empty #root, which React renders into
        const frame = /<div id="first-paint">([\s\S]*)<\/div><div id="root"><\/div>/.exec(body)?.[1] ?? '';
        for (const html of holds) expect(frame, page).toContain(html);
        expect(body, page).not.toContain('h-18');
      }
    }
    for (const page of ['/', '/login', '/admin-dashboard/users', '/no-such-page']) expect(await bodyAt(page), page).toBe(brandLineBody);
  });

  it('serves every page, the landing page too, from a client folder under a dot folder (the single executable reads it from ~/.cache)', async () => {
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-home-'));
    const dir = path.join(home, '.cache/roll-call/0123456789abcdef/client');
    fs.cpSync(CLIENT_DIST, dir, { recursive: true });
    const server = express().use(clientFiles(dir)).listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const url = `http://127.0.0.1:${(server.address() as import('node:net').AddressInfo).port}`;
    try {
      for (const page of ['/', '/login', '/student-dashboard', '/no-such-page']) {
        const res = await fetch(`${url}${page}`);
        expect(res.status, page).toBe(200);
        expect(res.headers.get('content-type'), page).toMatch(/^text\/html/);
        expect(await res.text(), page).toContain('<div id="root">');
      }
      expect((await fetch(`${url}${entryScript}`)).status).toBe(200);
      expect((await fetch(`${url}/assets/index-00000000.js`)).status).toBe(404);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(home, { recursive: true, force: true });
    }
  });
});
