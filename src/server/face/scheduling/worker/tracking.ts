import type { Config, FaceResult } from '@vladmandic/human';
import type * as Tf from '@tensorflow/tfjs-core';
import { between, chipFromMesh, eyeAspectRatio, mayChange, OpenEyes, turnSignal } from '@server/face/analysis/index';
import type { FrameReading } from '@server/face/protocol';
import type { Models } from './models';
import { rgbTensor } from './staging';

/**
 * Re-run the face detector every this many frames within a task: it finds faces the tracker would not follow.
 * The detector costs ~28 ms against ~20 ms for mesh + iris (measured), so it runs on ~10% of frames.
 */
const DETECT_EVERY = 10;
/** A second face counts only when at least this fraction of the main face's width (not a poster far behind). */
const SECOND_FACE_MIN_SIZE = 0.4;

/**
 * Face mesh + iris on the frames of one clip, in order. The blazeface detector (~30 ms) runs on the first frame and
 * every DETECT_EVERY frames read; in between Human follows the box its own mesh found (mesh+iris ~20 ms a frame).
 *
 * With `skipQuiet` (the engine), every other frame is read first and the frame between two read ones only when
 * something may happen there (skip.ts): an eye not clearly open, the head moving or turned, a face count that
 * changes. Frames are read in time order but one: the later neighbour is read before the frame between, 80 ms apart,
 * so Human's tracking is undisturbed. A frame left out gets a reading marked `skipped` (its neighbours' face count
 * and box, no eyes): liveness ignores it, the face tracker sees the box between its neighbours'.
 */
export async function readFrames(m: Models, frames: Uint8Array[] | FrameSource, width: number, height: number, skipQuiet = false): Promise<FrameReading[]> {
  // a clip still being decoded (live-frames.ts) gives its frames as they come and says where this worker's share ends
  const frame: FrameSource = Array.isArray(frames) ? (i) => frames[i] ?? null : frames;
  const out: FrameReading[] = [];
  const open = new OpenEyes();
  let reads = 0;
  const read = async (i: number) => {
    // [h, w, 3]: Human adds the batch axis as a view, where a [1, h, w, 3] input is copied whole first (tfjs's wasm
    // clone copies); the same pixels either way, one frame's copy less a read
    const input = rgbTensor<Tf.Rank.R3>(m.tf, frame(i)!, [height, width, 3]);
    try {
      // skipFrames 0 on a task's first frame: a fresh detection, never a box left over from another request
      const detector = { skipFrames: reads === 0 ? 0 : DETECT_EVERY - 1, skipTime: 1e9, maxDetected: 4 };
      reads++;
      const res = await m.human.detect(input, { face: { detector, mesh: { enabled: true }, iris: { enabled: true } } } as Partial<Config>);
      out[i] = reading(res.face);
      open.add(out[i]);
      for (const f of res.face) m.tf.dispose(f.tensor);
    } finally {
      m.tf.dispose(input);
    }
  };
  if (!frame(0)) return out;
  await read(0);
  for (let a = 0; ; ) {
    // the frame two ahead, or the next one at the end of the share
    let b = skipQuiet ? a + 2 : a + 1;
    if (b === a + 2 && !frame(b)) b = a + 1;
    if (!frame(b)) break;
    await read(b);
    if (b - a === 2) {
      if (mayChange(out[a], out[b], open)) await read(a + 1);
      else out[a + 1] = between(out[a], out[b]);
    }
    a = b;
  }
  return out;
}

/** Frame i of a share, waiting for it if it is still being decoded; null past the share's end. */
export type FrameSource = (i: number) => Uint8Array | null;

/** Faces big enough to matter, largest first. */
export function significantFaces(faces: FaceResult[]): FaceResult[] {
  const sorted = [...faces].sort((a, b) => b.box[2] - a.box[2]);
  const main = sorted[0];
  return main ? sorted.filter((f) => f.box[2] >= SECOND_FACE_MIN_SIZE * main.box[2]) : [];
}

function reading(faces: FaceResult[]): FrameReading {
  const kept = significantFaces(faces);
  const main = kept[0];
  if (!main) return { faces: 0, left: null, right: null };
  const box = [...main.boxRaw] as [number, number, number, number];
  if (main.mesh.length < 468) return { faces: kept.length, left: null, right: null, box };
  return {
    faces: kept.length,
    box,
    chip: chipFromMesh(main.mesh) ?? undefined,
    left: eyeAspectRatio(main.mesh, 'left'),
    right: eyeAspectRatio(main.mesh, 'right'),
    yaw: main.rotation?.angle.yaw,
    pitch: main.rotation?.angle.pitch,
    turn: turnSignal(main.mesh) ?? undefined,
  };
}
