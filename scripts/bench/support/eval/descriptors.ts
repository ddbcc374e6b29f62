import type { Config } from '@vladmandic/human';
import type * as Tf from '@tensorflow/tfjs-core';
import { decodeImage } from '@server/face/decoding/index';
import type { DescribeResult } from '@server/face/protocol';
import { describePhoto } from '@server/face/scheduling/index';
import { Slots } from '@server/lib/slots';
import { describeFace, ENGINE_PLAN, type Models, rgbTensor } from '@server/face/scheduling/worker/index';

/** The identity chains the benchmark compares on the same photos (in-process, not through the engine). */
export type Chain = 'engine' | 'faceapi-ssd' | 'human-faceres';

const SSD_PLAN = [
  { pad: 0.2, detector: 'ssd' as const },
  { pad: 1.0, detector: 'ssd' as const },
];

/** Human's own recognizer (faceres, 1024-d) on a grey-framed copy, with its mesh and rotation correction. */
async function faceres(m: Models, rgb: Uint8Array, width: number, height: number): Promise<Float32Array | null> {
  const img = rgbTensor<Tf.Rank.R3>(m.tf, rgb, [height, width, 3]) as Tf.Tensor3D;
  const p = Math.round(Math.max(width, height) * 0.2);
  const framed = m.tf.expandDims(
    m.tf.pad(
      img,
      [
        [p, p],
        [p, p],
        [0, 0],
      ],
      128,
    ),
    0,
  ) as Tf.Tensor4D;
  try {
    const face = {
      detector: { skipFrames: 0, maxDetected: 1, rotation: true },
      mesh: { enabled: true },
      iris: { enabled: false },
      description: { enabled: true },
    };
    const res = await m.human.detect(framed, { face } as Partial<Config>);
    for (const f of res.face) m.tf.dispose(f.tensor);
    const e = res.face[0]?.embedding;
    return e?.length ? Float32Array.from(e) : null;
  } finally {
    m.tf.dispose([img, framed]);
  }
}

/** The photos are decoded one after another: a slot of their own. */
const decodes = new Slots(1);

export async function photoDescriptor(m: Models, chain: Chain, image: Buffer): Promise<Float32Array | null> {
  if (chain === 'human-faceres') {
    const { rgb, width, height } = await decodeImage(image, 1, decodes);
    return faceres(m, rgb, width, height);
  }
  const plan = chain === 'engine' ? ENGINE_PLAN : SSD_PLAN;
  const r = await describePhoto((img, count) => describeFace(m, img.rgb, img.width, img.height, count, plan), image, 1, decodes);
  return r.descriptor ? Float32Array.from(r.descriptor) : null;
}

/** The engine's chain on a photo, with what it found besides the descriptor (Human's box, the face count). */
export function enginePhotoFace(m: Models, image: Buffer): Promise<DescribeResult> {
  return describePhoto((img, count) => describeFace(m, img.rgb, img.width, img.height, count, ENGINE_PLAN), image, 1, decodes);
}
