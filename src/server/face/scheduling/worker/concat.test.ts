import type * as Tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerShortSliceConcat } from './concat';
import { loadTf, loadWasmBackend, WASM_DIR } from './libraries';

/**
 * Each case: what it stands for, the inputs' shapes ("x" between sizes, "+" between inputs), the axis and dtype.
 * Values differ from input to input and from place to place.
 */
const CASES: { what: string; shapes: string; axis: number; dtype: 'float32' | 'int32' }[] = [
  { what: "face-api's mean image", shapes: '1x150x150x1 + 1x150x150x1 + 1x150x150x1', axis: 3, dtype: 'float32' },
  { what: 'slices of several lengths, the last axis counted from the end', shapes: '4x1 + 4x2 + 4x16', axis: -1, dtype: 'int32' },
  { what: 'a middle axis', shapes: '3x2x5 + 3x4x5', axis: 1, dtype: 'float32' },
  { what: "a slice over the bound: the backend's own kernel", shapes: '2x17 + 2x3', axis: 1, dtype: 'float32' },
  { what: "Human's two eye crops", shapes: '1x64x64x3 + 1x64x64x3', axis: 0, dtype: 'float32' },
  { what: 'an empty input', shapes: '5x0 + 5x2', axis: 1, dtype: 'float32' },
];
const shapesOf = (c: (typeof CASES)[number]) => c.shapes.split(' + ').map((s) => s.split('x').map(Number));

describe('Concat on the wasm backend, short slices copied value by value', () => {
  let tf: typeof Tf;
  const inputs = (c: (typeof CASES)[number], k: number) =>
    shapesOf(c).map((shape, i) => {
      const n = shape.reduce((a, b) => a * b, 1);
      return tf.tensor(
        Array.from({ length: n }, (_, j) => (k + 1) * 1000 + i * 100 + (j % 97) + 0.25 * (c.dtype === 'float32' ? 1 : 0)),
        shape,
        c.dtype,
      );
    });
  const run = (c: (typeof CASES)[number], k: number) => {
    const xs = inputs(c, k);
    const out = tf.concat(xs, c.axis);
    const result = { shape: out.shape, dtype: out.dtype, values: Array.from(out.dataSync()) };
    tf.dispose([...xs, out]);
    return result;
  };
  let stock: ReturnType<typeof run>[];

  beforeAll(async () => {
    tf = loadTf();
    loadWasmBackend().setWasmPaths(WASM_DIR);
    await tf.setBackend('wasm');
    await tf.ready();
    stock = CASES.map(run);
    registerShortSliceConcat(tf);
  });

  it('gives what the backend’s own kernel gives, shape, dtype and values', () => {
    expect(CASES.map(run)).toEqual(stock);
  });

  it('still refuses inputs that do not fit together', () => {
    const [a, b] = [tf.zeros([2, 3]), tf.zeros([3, 3])];
    expect(() => tf.concat([a, b], 1)).toThrow();
    tf.dispose([a, b]);
  });
});
