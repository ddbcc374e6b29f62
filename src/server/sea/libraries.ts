import path from 'node:path';
import type * as FaceApi from '@vladmandic/face-api';
import type { Config, Human as HumanClass } from '@vladmandic/human';
import type * as Tf from '@tensorflow/tfjs-core';
import { buildDir } from './assets';

/**
 * face/scheduling/worker/libraries.ts for the single executable: the libraries are bundled (the build aliases Human and face-api
 * to their `node-wasm` builds), the models and wasm binaries are in this build's cache folder (boot.ts).
 */
export const HUMAN_MODELS_DIR = path.join(buildDir(), 'human-models');
export const FACEAPI_MODELS_DIR = path.join(buildDir(), 'faceapi-models');
export const WASM_DIR = path.join(buildDir(), 'tfjs-wasm') + path.sep;

// require(), not import: the same CommonJS module objects Human and face-api get (one tfjs, one backend registry).
export const loadTf = () => require('@tensorflow/tfjs-core') as typeof Tf;
export const loadWasmBackend = () => require('@tensorflow/tfjs-backend-wasm') as { setWasmPaths(p: string): void };
export const loadHuman = () => (require('@vladmandic/human') as { Human: new (c: Partial<Config>) => HumanClass }).Human;
export const loadFaceApi = () => require('@vladmandic/face-api') as typeof FaceApi;
