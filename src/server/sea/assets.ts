import { createRequire } from 'node:module';
import path from 'node:path';
import { cacheRoot, type Manifest } from './cache';

/** The running executable's own assets (node:sea exists in single executables only: loaded on first use). */
type Sea = { getAsset(key: string, encoding: 'utf8'): string; getRawAsset(key: string): ArrayBuffer };
let sea: Sea | undefined;
const seaModule = () => (sea ??= createRequire(process.execPath)('node:sea') as Sea);

export const readAsset = (key: string) => new Uint8Array(seaModule().getRawAsset(key));
export const assetText = (key: string) => seaModule().getAsset(key, 'utf8');

let manifest: Manifest | undefined;
export const readManifest = (): Manifest => (manifest ??= JSON.parse(assetText('manifest.json')) as Manifest);

/** This build's cache folder (boot.ts prepares it before any other code runs). */
export const buildDir = () => path.join(cacheRoot(), readManifest().build);

/** A bundled ES module as a data: URL: imported or started as a worker straight from the executable, never from disk. */
export const moduleUrl = (key: string) => new URL(`data:text/javascript;base64,${Buffer.from(readAsset(key)).toString('base64')}`);
