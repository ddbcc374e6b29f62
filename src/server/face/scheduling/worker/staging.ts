import type * as Tf from '@tensorflow/tfjs-core';

/**
 * Pixels become int32 tensors; tfjs would allocate a fresh Int32Array (3.7 MB for 640x480) per frame to widen
 * the bytes, churning the native heap. One reused staging array per worker avoids that: the wasm backend copies
 * the values into its own heap when the tensor is made, so the array is free again at once.
 */
let staging = new Int32Array(0);

export function rgbTensor<R extends Tf.Rank.R3 | Tf.Rank.R4>(tf: typeof Tf, rgb: Uint8Array, shape: number[]): Tf.Tensor<R> {
  if (staging.length < rgb.length) staging = new Int32Array(rgb.length);
  const view = staging.subarray(0, rgb.length);
  view.set(rgb);
  return tf.tensor(view, shape as Tf.ShapeMap[R], 'int32') as Tf.Tensor<R>;
}
