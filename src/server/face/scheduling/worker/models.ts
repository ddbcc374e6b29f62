import fs from 'node:fs';
import path from 'node:path';
import type * as FaceApi from '@vladmandic/face-api';
import type { Config, Human as HumanClass } from '@vladmandic/human';
import type * as Tf from '@tensorflow/tfjs-core';
import { HUMAN_SHARED_CONFIG } from '@shared/face/human-config';
import { registerShortSliceConcat } from './concat';

import { FACEAPI_MODELS_DIR, HUMAN_MODELS_DIR, loadFaceApi, loadHuman, loadTf, loadWasmBackend, WASM_DIR } from './libraries';

/**
 * Loads one tfjs-core + wasm backend shared by Human (mesh, iris: liveness) and face-api (detector, landmarks,
 * recognizer: identity), with every model read from disk (libraries.ts says where). The three set-up traps:
 * - tfjs-node cannot install here, so the `node-wasm` builds are loaded instead (libraries.ts);
 * - the wasm binaries are found through `wasmPath` (a directory with a trailing slash);
 * - Node's fetch cannot read file:// URLs, so a tf.io load router reads Human's model files from disk.
 */

/**
 * A worker plays one role: `liveness` (Human's detector, mesh and iris over frames) or `full` (the same plus
 * face-api's detector, landmarks and recognizer for identity). One `full` worker per engine keeps face-api's
 * models loaded once: the recognizer alone takes ~70 MB of wasm heap (weights and activations), measured.
 */
export type WorkerRole = 'liveness' | 'full';

export interface Models {
  tf: typeof Tf;
  human: HumanClass;
  /** null in liveness workers */
  faceapi: typeof FaceApi | null;
}

export interface LoadOptions {
  role: WorkerRole;
  /** benchmark only: Human's own recognizer, to compare with face-api's */
  faceres?: boolean;
  /** benchmark only: SSD MobileNet v1 (grows the wasm heap by ~160 MB, measured; no better than Tiny here) */
  ssd?: boolean;
  /** benchmark only: another of Human's recognizers, in the slot that runs it (the identity benchmark) */
  recognizer?: HumanRecognizer;
  /**
   * benchmark only: what refines the eyes the blink rules measure. `iris` (the engine's), `mesh` (the mesh's own eye
   * points, no second model) or `attention` (Human's attention mesh, which replaces mesh + iris with one model).
   */
  eyes?: EyeModel;
}

export type EyeModel = 'iris' | 'mesh' | 'attention';

/**
 * Human's embedding slots. Each keeps its model in a module-level variable: two models for one slot (faceres and
 * faceres-deep) cannot be loaded in one thread, so the benchmark gives each recognizer a worker of its own.
 */
export interface HumanRecognizer {
  slot: 'description' | 'mobilefacenet' | 'insightface';
  /** a file:// URL (Human reads it through the load router below) */
  modelPath: string;
}

function registerFileRouter(tf: typeof Tf) {
  // A router returns null for URLs it does not handle (tfjs's typing omits the null).
  const router = (url: string | string[]): Tf.io.IOHandler | null => {
    const u = Array.isArray(url) ? url[0] : url;
    if (typeof u !== 'string' || !u.startsWith('file://')) return null;
    return {
      load: async () => {
        const file = u.slice('file://'.length);
        const json = JSON.parse(await fs.promises.readFile(file, 'utf8'));
        const specs: Tf.io.WeightsManifestEntry[] = [];
        const parts: Buffer[] = [];
        for (const group of json.weightsManifest ?? []) {
          specs.push(...group.weights);
          for (const p of group.paths) parts.push(await fs.promises.readFile(path.join(path.dirname(file), p)));
        }
        const all = Buffer.concat(parts);
        return {
          modelTopology: json.modelTopology,
          format: json.format,
          generatedBy: json.generatedBy,
          convertedBy: json.convertedBy,
          signature: json.signature,
          userDefinedMetadata: json.userDefinedMetadata,
          weightSpecs: specs,
          weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength),
        };
      },
    };
  };
  tf.io.registerLoadRouter(router as Parameters<typeof tf.io.registerLoadRouter>[0]);
}

/** face-api bundles its own copy of tfjs's type declarations: same runtime tensors, different TS identity. */
export const asNetInput = (t: Tf.Tensor3D) => t as unknown as FaceApi.TNetInput;

/**
 * Human over the settings it shares with the page's face tracker (shared/face/human-config.ts), so both read a face the
 * same way; each call sets the detector and mesh it needs. What differs here, and why:
 * - every file from disk (libraries.ts), wasm binaries from WASM_DIR;
 * - up to 4 faces: a second face in the clip is part of the verdict (tracking.ts), where the page guides one;
 * - the detector's skipping is the engine's (tracking.ts sets skipFrames per frame), never Human's timer;
 * - iris on: it refines the eyes' landmarks the blink rules measure (the page's guidance does without);
 * - description only for the benchmark's own recognizers (faceres, or `recognizer` in its slot).
 */
export function humanConfig(o: LoadOptions): Partial<Config> {
  return {
    ...HUMAN_SHARED_CONFIG,
    wasmPath: WASM_DIR,
    modelBasePath: `file://${HUMAN_MODELS_DIR}/`,
    // Non-zero so the face box may be carried from frame to frame; tracking.ts forces a fresh detection on the
    // first frame of every task, so nothing is ever carried from one request to another. With a recognizer on (the
    // benchmark) it must be 0: Human would hand the previous image's descriptor back (measured: distance 0).
    cacheSensitivity: o.faceres || o.recognizer ? 0 : 1e9,
    face: {
      ...HUMAN_SHARED_CONFIG.face,
      detector: { ...HUMAN_SHARED_CONFIG.face.detector, maxDetected: 4, skipFrames: 0, skipTime: 1e9 },
      iris: { enabled: (o.eyes ?? 'iris') === 'iris' },
      attention: { enabled: o.eyes === 'attention' },
      description: { enabled: !!o.faceres },
      ...(o.recognizer && { [o.recognizer.slot]: { enabled: true, modelPath: o.recognizer.modelPath } }),
    },
  } as Partial<Config>;
}

export async function loadModels(o: LoadOptions): Promise<Models> {
  const tf = loadTf();
  const wasm = loadWasmBackend();
  registerFileRouter(tf);
  wasm.setWasmPaths(WASM_DIR);
  const Human = loadHuman();
  const human = new Human(humanConfig(o));
  await human.load();
  await tf.setBackend('wasm');
  await tf.ready();
  registerShortSliceConcat(tf);
  if (o.role !== 'full') return { tf, human, faceapi: null };
  const faceapi = loadFaceApi();
  const dir = FACEAPI_MODELS_DIR;
  await Promise.all([
    faceapi.nets.tinyFaceDetector.loadFromDisk(dir),
    o.ssd ? faceapi.nets.ssdMobilenetv1.loadFromDisk(dir) : undefined,
    faceapi.nets.faceLandmark68Net.loadFromDisk(dir),
    faceapi.nets.faceRecognitionNet.loadFromDisk(dir),
  ]);
  return { tf, human, faceapi };
}

/** Runs each network once on zeros so the first real request does not pay wasm's first-execution cost. */
export async function warmUp({ tf, human, faceapi }: Models): Promise<void> {
  for (const model of Object.values(human.models.models)) {
    const shape = model?.inputs[0]?.shape;
    if (!model || !shape) continue;
    const x = tf.zeros(shape.map((d) => (d > 0 ? d : 1)));
    tf.dispose(model.execute(x) as Tf.Tensor | Tf.Tensor[]);
    tf.dispose(x);
  }
  if (!faceapi) return;
  const img = tf.zeros([150, 150, 3], 'int32') as Tf.Tensor3D;
  await faceapi.nets.tinyFaceDetector.locateFaces(asNetInput(img), new faceapi.TinyFaceDetectorOptions({ inputSize: 224 }));
  await faceapi.nets.faceLandmark68Net.detectLandmarks(asNetInput(img));
  await faceapi.nets.faceRecognitionNet.computeFaceDescriptor(asNetInput(img));
  tf.dispose(img);
}
