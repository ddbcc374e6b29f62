import path from 'node:path';
import { prepareCache } from './cache';
import { buildDir, moduleUrl, readAsset, readManifest } from './assets';

/**
 * lib/install-layout.ts for the single executable (scripts/sea/esbuild-plugins.ts swaps it in for every import of
 * install-layout): the client, the models and the native parts are in this build's cache folder, written and checked
 * by boot.ts; the worker starts from the executable's asset.
 */
export const CLIENT_DIST = path.join(buildDir(), 'client');

let workerUrl: URL | undefined;
export const faceWorkerEntry = (): URL => (workerUrl ??= moduleUrl('worker.mjs'));

let ffmpeg: string | undefined;
/** Written to the cache and checked the first time it is needed only: most systems have their own ffmpeg. */
export function bundledFfmpeg(): string {
  if (ffmpeg) return ffmpeg;
  const entries = readManifest().entries.filter((e) => e.group === 'ffmpeg');
  prepareCache(buildDir(), entries, readAsset);
  ffmpeg = path.join(buildDir(), entries[0].path);
  return ffmpeg;
}

export const commandOf = (script: string) => `roll-call ${script}`;
export const usageOf = (script: string, options: string) => `Usage: roll-call ${script} ${options}`;

/** The face page's tracker files, from the models and wasm binaries this build's cache already holds for the engine. */
export const trackerAssetDirs = () => ({ models: path.join(buildDir(), 'human-models'), wasm: path.join(buildDir(), 'tfjs-wasm') });
