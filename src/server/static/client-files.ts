import fs from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';
import { MSG } from '../../shared/messages';

/** Vite names every file under /assets/ by its content's hash: a new build gives new names, never new content. */
const HASHED_ASSET = /^\/assets\//;
/** A request for a file (a dot in the last segment) or for the assets folder is never a page of the app. */
const FILE_PATH = /(^\/assets\/)|(\.[^/]*$)/;

const IMMUTABLE = 'public, max-age=31536000, immutable';
// index.html, the service worker, the manifest and the icons keep their names across builds: revalidate by ETag each time.
const REVALIDATE = 'no-cache';

/**
 * The built client: hashed assets cached for a year, every other file revalidated, pages answered with index.html
 * (the SPA's routes), and a missing file answered with 404 rather than the app's HTML (a stale script URL must fail
 * loudly, and crawlers must not index the app shell as robots.txt).
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
  r.get(/.*/, (req, res) => {
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
    res.sendFile(index, { cacheControl: false });
  });
  return r;
}
