import type * as FaceApi from '@vladmandic/face-api';
import type { Config } from '@vladmandic/human';
import type * as Tf from '@tensorflow/tfjs-core';
import type { DescribeResult } from '../protocol';
import { asNetInput, type Models } from './models';
import { rgbTensor } from './staging';
import { significantFaces } from './tracking';

/**
 * Detector attempts in order. face-api's detectors miss faces cropped tight at brow and chin, so the image is
 * framed with a grey border, a wide one on the retry. Tiny (input 224, ~25 ms) gave descriptors as good as SSD
 * MobileNet v1 (~350 ms) on the fixture photos (docs/benchmarks.md); `ssd` stays available to the benchmark.
 */
export type DetectorName = 'tiny' | 'ssd';
export const ENGINE_PLAN: { pad: number; detector: DetectorName }[] = [
  { pad: 0.2, detector: 'tiny' },
  { pad: 1.0, detector: 'tiny' },
];

function pad(tf: typeof Tf, img: Tf.Tensor3D, fraction: number): Tf.Tensor3D {
  const p = Math.round(Math.max(img.shape[0], img.shape[1]) * fraction);
  return tf.pad(img, [[p, p], [p, p], [0, 0]], 128);
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
