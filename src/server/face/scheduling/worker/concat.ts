import type * as Tf from '@tensorflow/tfjs-core';

/** What this kernel needs of tfjs's wasm backend (its class is not exported). */
interface WasmBackend {
  makeOutput(shape: number[], dtype: Tf.DataType): Tf.TensorInfo;
  typedArrayFromHeap(t: Tf.TensorInfo): Tf.TypedArray;
}

/** Slices of at most this many values are copied one value at a time. */
const SHORT_SLICE = 16;

/**
 * tfjs's wasm Concat copies one typed-array slice per input for each index before the axis. Along the last axis of
 * an image that is one call per pixel per input: face-api builds the mean image it subtracts before each of its nets
 * so (`normalize`, three [1, 150, 150, 1] planes for the recognizer), which cost about as much CPU as a tenth of the
 * recognizer itself. Short slices are copied value by value here instead; everything else goes to the backend's own
 * kernel. A copy either way: the same values in the same order.
 */
export function registerShortSliceConcat(tf: typeof Tf): void {
  const stock = tf.getKernel('Concat', 'wasm');
  if (!stock) throw new Error('the wasm backend has no Concat kernel to stand in for');
  const concat: Tf.KernelFunc = (args) => {
    const inputs = args.inputs as unknown as Tf.TensorInfo[];
    const axis = tf.util.parseAxisParam((args.attrs as { axis: number }).axis, inputs[0].shape)[0];
    const outer = tf.util.sizeFromShape(inputs[0].shape.slice(0, axis));
    const inner = inputs.map((t) => tf.util.sizeFromShape(t.shape.slice(axis)));
    if (inputs[0].dtype === 'string' || outer < 2 || inner.some((n) => n === 0 || n > SHORT_SLICE)) return stock.kernelFunc(args);
    const shapes = inputs.map((t) => t.shape);
    tf.backend_util.assertParamsConsistent(shapes, axis);
    const backend = args.backend as unknown as WasmBackend;
    const out = backend.makeOutput(tf.backend_util.computeOutShape(shapes, axis), inputs[0].dtype);
    const to = backend.typedArrayFromHeap(out);
    const from = inputs.map((t) => backend.typedArrayFromHeap(t));
    let k = 0;
    for (let b = 0; b < outer; b++) {
      for (let i = 0; i < from.length; i++) {
        const src = from[i];
        for (let j = b * inner[i], end = j + inner[i]; j < end; j++) to[k++] = src[j];
      }
    }
    return out;
  };
  tf.unregisterKernel('Concat', 'wasm');
  tf.registerKernel({ ...stock, kernelFunc: concat });
}
