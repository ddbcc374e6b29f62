import { describe, expect, it } from 'vitest';
import { deserializeDescriptor, euclidean, meanDescriptor, serializeDescriptor } from './match';
import { judgeFaceCounts, pickSharpFrames } from './quality';

describe('descriptors', () => {
  it('round-trip through the BLOB format exactly', () => {
    const d = Float32Array.from({ length: 128 }, (_, i) => Math.sin(i) * 0.1);
    const b = serializeDescriptor(d);
    expect(b.length).toBe(512);
    expect(deserializeDescriptor(b)).toEqual(d);
    expect(() => deserializeDescriptor(Buffer.alloc(5))).toThrow();
  });

  it('average and compare by Euclidean distance', () => {
    const a = Float32Array.from([0, 0, 0]);
    const b = Float32Array.from([2, 0, 0]);
    expect(meanDescriptor([a, b])).toEqual(Float32Array.from([1, 0, 0]));
    expect(euclidean(a, Float32Array.from([3, 4, 0]))).toBeCloseTo(5);
    expect(() => euclidean(a, Float32Array.from([1]))).toThrow();
  });
});

describe('quality gates', () => {
  it('wants exactly one face in most frames, and says which way it failed', () => {
    expect(judgeFaceCounts([1, 1, 1, 0, 2])).toBe('ok');
    expect(judgeFaceCounts([0, 0, 0, 1])).toBe('no_face');
    expect(judgeFaceCounts([2, 2, 2, 1, 0])).toBe('multiple_faces');
    expect(judgeFaceCounts([])).toBe('no_face');
  });

  it('picks sharp frames over blurred ones, spread over the clip', () => {
    const w = 64;
    const h = 48;
    const frame = (sharp: boolean) => Uint8Array.from({ length: w * h * 3 }, (_, i) => (sharp ? (i * 2654435761) % 251 : 128));
    const frames = Array.from({ length: 16 }, (_, i) => frame(i === 2 || i === 3 || i === 13));
    const picked = pickSharpFrames(frames, w, h, 2);
    expect(picked).toHaveLength(2);
    expect(picked.every((i) => [2, 3, 13].includes(i))).toBe(true);
    expect(Math.abs(picked[0] - picked[1])).toBeGreaterThanOrEqual(4);
  });
});
