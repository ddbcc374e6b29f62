import { createRequire } from 'node:module';
import path from 'node:path';
import { buildDir } from './assets';

/** Loads a native addon from this build's cache folder, where boot.ts wrote it and checked its hash. */
export const loadNative = (rel: string): unknown => createRequire(process.execPath)(path.join(buildDir(), rel));
