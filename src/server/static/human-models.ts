import { Router } from 'express';
import { trackerAssetDirs } from '../lib/install-layout';

/**
 * Only what the page's tracker loads: the face detector and mesh (no iris: a turn needs the pose, the lids show a
 * blink well enough for guidance), and tfjs's wasm backend without threads (those need cross-origin isolation).
 * Chromium without a GPU has no WebGL, and the plain cpu backend is too slow for a live mesh.
 */
const FILES = {
  'blazeface.json': 'models',
  'blazeface.bin': 'models',
  'facemesh.json': 'models',
  'facemesh.bin': 'models',
  'tfjs-backend-wasm.wasm': 'wasm',
  'tfjs-backend-wasm-simd.wasm': 'wasm',
} as const;

/**
 * Serves the tracker's files from the npm packages on disk, so a school without internet needs no CDN. They change
 * only with a package upgrade: a week's cache, revalidated by ETag after that.
 */
export function humanModelRoutes(): Router {
  const r = Router();
  // from the npm packages in a checkout, from the cache folder in the single executable (lib/install-layout.ts)
  const dirs = trackerAssetDirs();
  r.get('/:file', (req, res, next) => {
    const dir = Object.hasOwn(FILES, req.params.file) ? dirs[FILES[req.params.file as keyof typeof FILES]] : undefined;
    if (!dir) {
      next();
      return;
    }
    if (req.params.file.endsWith('.wasm')) res.type('application/wasm');
    res.sendFile(req.params.file, { root: dir, maxAge: '7d' });
  });
  r.use((_req, res) => {
    res.status(404).type('text').send('Not found');
  });
  return r;
}
