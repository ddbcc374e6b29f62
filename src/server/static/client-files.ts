import fs from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';
import { MSG } from '@shared/messages';

/** Vite names every file under /assets/ by its content's hash: a new build gives new names, never new content. */
const HASHED_ASSET = /^\/assets\//;
/** A request for a file (a dot in the last segment) or for the assets folder is never a page of the app. */
const FILE_PATH = /(^\/assets\/)|(\.[^/]*$)/;

const IMMUTABLE = 'public, max-age=31536000, immutable';
// index.html, the service worker, the manifest and the icons keep their names across builds: revalidate by ETag each time.
const REVALIDATE = 'no-cache';

/**
 * The modulepreload links of a path's own chunks (the build's route-preloads.json: its layout's and page's chunks
 * beyond the entry's), added to its page's <head>: the browser fetches them beside the entry script, not after it ran.
 */
async function preloadLinks(clientDir: string, pathname: string): Promise<string> {
  // Read per request (a few KB, like index.html by sendFile): a rebuilt client takes effect without a restart.
  const text = await fs.promises.readFile(path.join(clientDir, 'route-preloads.json'), 'utf8').catch(() => null);
  if (text === null) return '';
  const preloads: Record<string, string[] | undefined> = JSON.parse(text);
  const hrefs = preloads[pathname.replace(/\/+$/, '')] ?? [];
  return hrefs.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');
}

/** index.html's #root with its first paint (the brand line, between markers), which a path's own first paint replaces. */
const ROOT_WITH_BRAND_LINE = /<div id="root"><!--first-paint-->[\s\S]*?<!--\/first-paint--><\/div>/;

/**
 * A path's own first paint (the build's route-first-paint.json, e.g. the student dashboard's header and heading), or
 * null: painted with the HTML, before the path's scripts arrive, so its largest text does not wait for them.
 */
async function firstPaint(clientDir: string, pathname: string): Promise<string | null> {
  const text = await fs.promises.readFile(path.join(clientDir, 'route-first-paint.json'), 'utf8').catch(() => null);
  if (text === null) return null;
  const paints: Record<string, string | undefined> = JSON.parse(text);
  return paints[pathname.replace(/\/+$/, '')] ?? null;
}

/**
 * The built client: hashed assets cached for a year, every other file revalidated, pages answered with index.html
 * (the SPA's routes, each with its own chunks named in the head), and a missing file answered with 404 rather than
 * the app's HTML (a stale script URL must fail loudly, and crawlers must not index the app shell as robots.txt).
 */
export function clientFiles(clientDir: string): Router {
  const r = Router();
  r.use(
    express.static(clientDir, {
      index: false,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const rel = `/${path.relative(clientDir, filePath).split(path.sep).join('/')}`;
        res.setHeader('Cache-Control', HASHED_ASSET.test(rel) ? IMMUTABLE : REVALIDATE);
      },
    }),
  );
  r.get(/.*/, async (req, res) => {
    if (FILE_PATH.test(req.path)) {
      res.status(404).type('text').send(MSG.notFound);
      return;
    }
    const index = path.join(clientDir, 'index.html');
    if (!fs.existsSync(index)) {
      res.status(404).type('text').send(`${MSG.notFound} (client not built: run npm run build)`);
      return;
    }
    res.setHeader('Cache-Control', REVALIDATE);
    const [links, paint] = await Promise.all([preloadLinks(clientDir, req.path), firstPaint(clientDir, req.path)]);
    if (!links && paint === null) {
      // By its name under root, not its full path: send refuses (404) any path with a dot folder in it, and the
      // single executable's client lives in ~/.cache/roll-call/<build>/client.
      res.sendFile('index.html', { root: clientDir, cacheControl: false });
      return;
    }
    let html = (await fs.promises.readFile(index, 'utf8')).replace('</head>', `${links}</head>`);
    // Beside #root, not in it: React's first render would replace nodes in #root before Chromium timed their paint,
    // and the page's largest text would count only when painted again. The app removes it once the page renders.
    // (A function, so that a `$` in the HTML is not read as a replacement pattern.)
    if (paint !== null) html = html.replace(ROOT_WITH_BRAND_LINE, () => `<div id="first-paint">${paint}</div><div id="root"></div>`);
    res.type('html').send(html);
  });
  return r;
}
