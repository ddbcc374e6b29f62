import { createRequire } from 'node:module';
import path from 'node:path';
import { Router } from 'express';

const require = createRequire(import.meta.url);
const HUMAN_MODELS = path.resolve(path.dirname(require.resolve('@vladmandic/human')), '../models');
const TFJS_WASM = path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist');

/**
 * Only what the page's tracker loads: the face detector and mesh (no iris: a turn needs the pose, the lids show a
 * blink well enough for guidance), and tfjs's wasm backend without threads (those need cross-origin isolation).
 * Chromium without a GPU has no WebGL, and the plain cpu backend is too slow for a live mesh.
 */
const FILES: Record<string, string> = {
  'blazeface.json': HUMAN_MODELS,
  'blazeface.bin': HUMAN_MODELS,
  'facemesh.json': HUMAN_MODELS,
  'facemesh.bin': HUMAN_MODELS,
  'tfjs-backend-wasm.wasm': TFJS_WASM,
  'tfjs-backend-wasm-simd.wasm': TFJS_WASM,
};

/**
 * Serves the tracker's files from the npm packages on disk, so a school without internet needs no CDN. They change
 * only with a package upgrade: a week's cache, revalidated by ETag after that.
 */
export function humanModelRoutes(): Router {
  const r = Router();
  r.get('/:file', (req, res, next) => {
    const dir = Object.hasOwn(FILES, req.params.file) ? FILES[req.params.file] : undefined;
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
