/**
 * The 5-point alignment insightface-family recognizers (MobileFaceNet, MobileFace) were trained on: eye centres,
 * nose tip and mouth corners moved by one similarity transform onto fixed places of a 112x112 chip (ArcFace's
 * template). Human's slots feed them its detector's square crop instead, a looser and unaligned face.
 */

/** ArcFace's 112x112 template, in image order: left of the image first (the person's right eye and mouth corner). */
const ARCFACE_112: [number, number][] = [
  [38.2946, 51.6963],
  [73.5318, 51.5014],
  [56.0252, 71.7366],
  [41.5493, 92.3655],
  [70.7299, 92.2041],
];

/** The same 5 points from Human's 468-point mesh (MediaPipe indices): eye corners averaged, nose tip, mouth corners. */
export function meshFivePoints(mesh: number[][]): [number, number][] {
  const mid = (a: number, b: number): [number, number] => [(mesh[a][0] + mesh[b][0]) / 2, (mesh[a][1] + mesh[b][1]) / 2];
  return [mid(33, 133), mid(362, 263), [mesh[1][0], mesh[1][1]], [mesh[61][0], mesh[61][1]], [mesh[291][0], mesh[291][1]]];
}

/** Least-squares similarity (scale, rotation, shift) taking `from` onto `to`: x' = a x - b y + tx, y' = b x + a y + ty. */
function similarity(from: [number, number][], to: [number, number][]): [number, number, number, number] {
  const n = from.length;
  const fc = from.reduce(([x, y], p) => [x + p[0] / n, y + p[1] / n], [0, 0]);
  const tc = to.reduce(([x, y], p) => [x + p[0] / n, y + p[1] / n], [0, 0]);
  let dot = 0;
  let cross = 0;
  let norm = 0;
  for (let i = 0; i < n; i++) {
    const [fx, fy] = [from[i][0] - fc[0], from[i][1] - fc[1]];
    const [tx, ty] = [to[i][0] - tc[0], to[i][1] - tc[1]];
    dot += fx * tx + fy * ty;
    cross += fx * ty - fy * tx;
    norm += fx * fx + fy * fy;
  }
  const a = dot / norm;
  const b = cross / norm;
  return [a, b, tc[0] - (a * fc[0] - b * fc[1]), tc[1] - (b * fc[0] + a * fc[1])];
}

/**
 * A 112x112 RGB chip (0..255 floats) of `rgb` aligned on `points` (image pixels), sampled bilinearly; outside the
 * image reads as mid grey, like the grey frame the detector saw.
 */
export function alignedChip(rgb: Uint8Array, width: number, height: number, points: [number, number][]): Float32Array {
  const [a, b, tx, ty] = similarity(ARCFACE_112, points);
  const out = new Float32Array(112 * 112 * 3);
  const px = (x: number, y: number, c: number) => (x < 0 || y < 0 || x >= width || y >= height ? 128 : rgb[(y * width + x) * 3 + c]);
  for (let v = 0; v < 112; v++)
    for (let u = 0; u < 112; u++) {
      const x = a * u - b * v + tx;
      const y = b * u + a * v + ty;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const [fx, fy] = [x - x0, y - y0];
      for (let c = 0; c < 3; c++) {
        const top = px(x0, y0, c) * (1 - fx) + px(x0 + 1, y0, c) * fx;
        const bottom = px(x0, y0 + 1, c) * (1 - fx) + px(x0 + 1, y0 + 1, c) * fx;
        out[(v * 112 + u) * 3 + c] = top * (1 - fy) + bottom * fy;
      }
    }
  return out;
}
