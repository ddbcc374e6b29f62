import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Where the files that are not JavaScript are found when running from the checkout. The single executable build
 * (scripts/sea/build.ts) swaps this module for src/server/sea/executable-layout.ts, which finds them in its cache
 * folder.
 */
export const CLIENT_DIST = path.resolve(import.meta.dirname, '../../../dist/client');

/** The face engine's worker thread script. */
export const faceWorkerEntry = (): URL => new URL('../face/scheduling/worker/entry.mjs', import.meta.url);

/** The static ffmpeg @ffmpeg-installer ships (the fallback when the system has none). */
export function bundledFfmpeg(): string {
  return (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

/** How an operator runs one of the scripts here: `npm run seed`. */
export const commandOf = (script: string) => `npm run ${script}`;
/** Its usage line: npm passes options on after `--`. */
export const usageOf = (script: string, options: string) => `Usage: npm run ${script} -- ${options}`;

/** The face page's tracker files: Human's models and tfjs's wasm binaries (served by static/human-models.ts). */
export function trackerAssetDirs(): { models: string; wasm: string } {
  const require = createRequire(import.meta.url);
  return {
    models: path.resolve(path.dirname(require.resolve('@vladmandic/human')), '../models'),
    wasm: path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist'),
  };
}
