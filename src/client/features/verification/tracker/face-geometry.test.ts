import { describe, expect, it } from 'vitest';
import { type MeshPoint, readFace } from './face-geometry';

/** A 468-point mesh of zeros with the points readFace uses placed: cheeks at x 100 and 200, eyes open by `gap`. */
function mesh(noseX: number, gap = 4): MeshPoint[] {
  const points: [number, number][] = Array.from({ length: 468 }, () => [0, 0]);
  points[1] = [noseX, 150];
  points[234] = [100, 140];
  points[454] = [200, 140];
  const eye = (corners: [number, number], lids: [number, number, number, number], x: number) => {
    points[corners[0]] = [x, 120];
    points[corners[1]] = [x + 20, 120];
    for (const [i, id] of lids.entries()) points[id] = [x + 5 + 5 * Math.floor(i / 2), i % 2 ? 120 + gap / 2 : 120 - gap / 2];
  };
  eye([33, 133], [160, 144, 158, 153], 115);
  eye([362, 263], [385, 380, 387, 373], 165);
  return points;
}

describe('readFace', () => {
  it('reads a centred nose as frontal and a nose toward the image right (the student turning to their own left) as positive', () => {
    expect(readFace(mesh(150))?.turn).toBeCloseTo(0);
    expect(readFace(mesh(175))?.turn).toBeCloseTo(0.5);
    expect(readFace(mesh(120))?.turn).toBeCloseTo(-0.6);
  });

  it("reads each eye's lid gap over its width: a closing eye's ratio falls", () => {
    const open = readFace(mesh(150, 6))!;
    const closed = readFace(mesh(150, 1))!;
    expect(open.leftEye).toBeCloseTo(0.3);
    expect(open.rightEye).toBeCloseTo(0.3);
    expect(closed.leftEye).toBeLessThan(open.leftEye / 3);
  });

  it('gives no reading for a mesh without the points or a face seen edge-on', () => {
    expect(readFace([])).toBeNull();
    const flipped = mesh(150);
    flipped[454] = [90, 140];
    expect(readFace(flipped)).toBeNull();
  });
});
