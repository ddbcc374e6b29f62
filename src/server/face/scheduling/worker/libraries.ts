import { createRequire } from 'node:module';
import path from 'node:path';
import type * as FaceApi from '@vladmandic/face-api';
import type { Human as HumanClass, Config } from '@vladmandic/human';
import type * as Tf from '@tensorflow/tfjs-core';

/**
 * Where the face libraries and their models come from when running from the checkout: the npm packages on disk.
 * tfjs-node cannot install here, so the `node-wasm` builds are loaded by file path (the exports maps hide them).
 * The single executable build swaps this module for src/server/sea/libraries.ts (bundled code, cached models).
 */
const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.resolve(path.dirname(require.resolve(name)), '..');

export const HUMAN_DIR = packageDir('@vladmandic/human');
export const FACEAPI_DIR = packageDir('@vladmandic/face-api');
export const HUMAN_MODELS_DIR = path.join(HUMAN_DIR, 'models');
export const FACEAPI_MODELS_DIR = path.join(FACEAPI_DIR, 'model');
/** The tfjs wasm binaries, as the directory (with its trailing slash) tfjs's `wasmPath` wants. */
export const WASM_DIR = path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist') + path.sep;

export const loadTf = () => require('@tensorflow/tfjs-core') as typeof Tf;
export const loadWasmBackend = () => require('@tensorflow/tfjs-backend-wasm') as { setWasmPaths(p: string): void };
export const loadHuman = () => (require(path.join(HUMAN_DIR, 'dist/human.node-wasm.js')) as { Human: new (c: Partial<Config>) => HumanClass }).Human;
export const loadFaceApi = () => require(path.join(FACEAPI_DIR, 'dist/face-api.node-wasm.js')) as typeof FaceApi;
