/** Cheap gates on frames: how many faces a clip shows, and which frames are sharp enough to identify. */

export type FaceCountVerdict = 'ok' | 'no_face' | 'multiple_faces';

/** The clip must show exactly one face in most analysed frames; otherwise say which way it failed. */
export function judgeFaceCounts(counts: number[]): FaceCountVerdict {
  if (counts.length === 0) return 'no_face';
  const one = counts.filter((c) => c === 1).length;
  if (one * 2 >= counts.length) return 'ok';
  const many = counts.filter((c) => c > 1).length;
  const none = counts.filter((c) => c === 0).length;
  return many >= none ? 'multiple_faces' : 'no_face';
}

/** Gradient energy of the green channel on a sparse grid: motion blur and defocus lower it. */
export function sharpness(rgb: Uint8Array, width: number, height: number, step = 4): number {
  let sum = 0;
  let n = 0;
  for (let y = step; y < height - step; y += step) {
    const row = y * width;
    for (let x = step; x < width - step; x += step) {
      const i = (row + x) * 3 + 1;
      const dx = rgb[i + 3] - rgb[i - 3];
      const dy = rgb[i + width * 3] - rgb[i - width * 3];
      sum += dx * dx + dy * dy;
      n++;
    }
  }
  return n ? sum / n : 0;
}

/**
 * Indices of up to `k` sharpest frames among evenly spaced candidates, at least `minGap` frames apart,
 * so one blurred or mid-blink moment cannot decide identity alone.
 */
export function pickSharpFrames(frames: Uint8Array[], width: number, height: number, k = 2, candidates = 8): number[] {
  const n = frames.length;
  if (n === 0) return [];
  const step = Math.max(1, Math.floor(n / candidates));
  const scored: { i: number; s: number }[] = [];
  for (let i = Math.floor(step / 2); i < n; i += step) scored.push({ i, s: sharpness(frames[i], width, height) });
  scored.sort((a, b) => b.s - a.s);
  const minGap = Math.max(1, Math.floor(n / 4));
  const picked: number[] = [];
  for (const c of scored) {
    if (picked.length >= k) break;
    if (picked.every((p) => Math.abs(p - c.i) >= minGap)) picked.push(c.i);
  }
  return picked;
}
