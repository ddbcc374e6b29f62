import type * as FaceApi from '@vladmandic/face-api';
import type { Config } from '@vladmandic/human';
import type * as Tf from '@tensorflow/tfjs-core';
import type { DescribeResult } from '@server/face/protocol';
import { asNetInput, type Models } from './models';
import { rgbTensor } from './staging';
import { significantFaces } from './tracking';

/**
 * Detector attempts in order. face-api's detectors miss faces cropped tight at brow and chin, so the image is
 * framed with a grey border, a wide one on the retry. Tiny (input 224, ~25 ms) gave descriptors as good as SSD
 * MobileNet v1 (~350 ms) on the fixture photos (docs/benchmarks-history.md); `ssd` stays available to the benchmark.
 */
export type DetectorName = 'tiny' | 'ssd';
export const ENGINE_PLAN: { pad: number; detector: DetectorName }[] = [
  { pad: 0.2, detector: 'tiny' },
  { pad: 1.0, detector: 'tiny' },
];

function pad(tf: typeof Tf, img: Tf.Tensor3D, fraction: number): Tf.Tensor3D {
  const p = Math.round(Math.max(img.shape[0], img.shape[1]) * fraction);
  return tf.pad(
    img,
    [
      [p, p],
      [p, p],
      [0, 0],
    ],
    128,
  );
}

function options(faceapi: typeof FaceApi, detector: DetectorName) {
  return detector === 'tiny'
    ? new faceapi.TinyFaceDetectorOptions({ inputSize: 224, scoreThreshold: 0.4 })
    : new faceapi.SsdMobilenetv1Options({ minConfidence: 0.4 });
}

/** Human's blazeface counts faces in an enrollment image: it finds all 6 in the group photo, Tiny does not. */
async function countFaces(m: Models, img: Tf.Tensor3D): Promise<{ count: number; box: [number, number, number, number] | null }> {
  const batch = m.tf.expandDims(img, 0) as Tf.Tensor4D;
  try {
    const detector = { skipFrames: 0, maxDetected: 10 };
    const res = await m.human.detect(batch, { face: { detector, mesh: { enabled: false }, iris: { enabled: false } } } as Partial<Config>);
    for (const f of res.face) m.tf.dispose(f.tensor);
    const faces = significantFaces(res.face);
    return { count: faces.length, box: faces[0] ? ([...faces[0].boxRaw] as [number, number, number, number]) : null };
  } finally {
    m.tf.dispose(batch);
  }
}

/** face-api's chain: detector -> 68 landmarks -> aligned 150x150 chip -> FaceRecognitionNet 128-d descriptor. */
export async function describeFace(m: Models, rgb: Uint8Array, width: number, height: number, count: boolean, plan = ENGINE_PLAN): Promise<DescribeResult> {
  const faceapi = m.faceapi;
  if (!faceapi) throw new Error('describeFace needs the full worker (face-api loaded)');
  const img = rgbTensor<Tf.Rank.R3>(m.tf, rgb, [height, width, 3]) as Tf.Tensor3D;
  try {
    const human = count ? await countFaces(m, img) : { count: 0, box: null };
    const humanFaces = human.count;
    for (const step of plan) {
      const framed = pad(m.tf, img, step.pad);
      try {
        const found = await faceapi.detectAllFaces(asNetInput(framed), options(faceapi, step.detector)).withFaceLandmarks().withFaceDescriptors();
        if (found.length === 0) continue;
        const sizes = found.map((f) => f.detection.box.width);
        const main = found[sizes.indexOf(Math.max(...sizes))];
        const faceapiFaces = sizes.filter((s) => s >= 0.4 * main.detection.box.width).length;
        return { descriptor: Array.from(main.descriptor), faces: Math.max(humanFaces, faceapiFaces), detector: step.detector, box: human.box };
      } finally {
        m.tf.dispose(framed);
      }
    }
    return { descriptor: null, faces: humanFaces, detector: null, box: human.box };
  } finally {
    m.tf.dispose(img);
  }
}

/**
 * face-api's recognizer on a box known from Human's mesh (chip.ts), framed as describeFace frames it: the frame
 * with a grey border of ENGINE_PLAN's first pad, the box clipped to that and floored (face-api's
 * clipAtImageBorders), then padded to a square and scaled to 150 px by face-api itself. Only the box's pixels are
 * copied into a tensor, not the frame.
 */
export async function describeChip(m: Models, rgb: Uint8Array, width: number, height: number, chip: [number, number, number, number]): Promise<DescribeResult> {
  const faceapi = m.faceapi;
  if (!faceapi) throw new Error('describeChip needs the full worker (face-api loaded)');
  const p = Math.round(Math.max(width, height) * ENGINE_PLAN[0].pad);
  const [bx, by, bw, bh] = [chip[0] + p, chip[1] + p, chip[2], chip[3]];
  const x = Math.max(bx, 0);
  const y = Math.max(by, 0);
  const w = Math.floor(Math.min(bx + bw - x, width + 2 * p - x));
  const h = Math.floor(Math.min(by + bh - y, height + 2 * p - y));
  const [x0, y0] = [Math.floor(x) - p, Math.floor(y) - p];
  if (w <= 0 || h <= 0) return { descriptor: null, faces: 0, detector: null };
  const crop = new Uint8Array(w * h * 3).fill(128);
  for (let row = 0; row < h; row++) {
    const sy = y0 + row;
    if (sy < 0 || sy >= height) continue;
    const sx0 = Math.max(0, x0);
    const sx1 = Math.min(width, x0 + w);
    if (sx1 <= sx0) continue;
    crop.set(rgb.subarray((sy * width + sx0) * 3, (sy * width + sx1) * 3), (row * w + (sx0 - x0)) * 3);
  }
  const img = rgbTensor<Tf.Rank.R3>(m.tf, crop, [h, w, 3]) as Tf.Tensor3D;
  try {
    const d = (await faceapi.nets.faceRecognitionNet.computeFaceDescriptor(asNetInput(img))) as Float32Array;
    return { descriptor: Array.from(d), faces: 1, detector: null };
  } finally {
    m.tf.dispose(img);
  }
}
