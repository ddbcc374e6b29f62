/** 1:1 identity: Euclidean distance between face-api descriptors, against the mean of the 3 enrolled ones. */

export function euclidean(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new Error(`descriptor length ${a.length} != ${b.length}`);
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i] - b[i]) ** 2;
  return Math.sqrt(s);
}

export function meanDescriptor(ds: Float32Array[]): Float32Array {
  if (ds.length === 0) throw new Error('no descriptors to average');
  const out = new Float32Array(ds[0].length);
  for (const d of ds) for (let i = 0; i < out.length; i++) out[i] += d[i] / ds.length;
  return out;
}

/** Little-endian float32 bytes: what the face_enrollments / face_templates BLOB columns hold. */
export function serializeDescriptor(d: Float32Array): Buffer {
  const b = Buffer.alloc(d.length * 4);
  for (const [i, v] of d.entries()) b.writeFloatLE(v, i * 4);
  return b;
}

export function deserializeDescriptor(b: Buffer): Float32Array {
  if (b.length % 4 !== 0) throw new Error('descriptor blob length is not a multiple of 4');
  const d = new Float32Array(b.length / 4);
  for (let i = 0; i < d.length; i++) d[i] = b.readFloatLE(i * 4);
  return d;
}

/** Round to 4 decimals for storage and display; the decision uses the exact value. */
export const roundDistance = (d: number) => Math.round(d * 1e4) / 1e4;
