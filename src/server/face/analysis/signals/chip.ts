import type { Point } from './blink';

/**
 * face-api's aligned face box, from Human's face mesh instead of face-api's own detector and 68 landmarks.
 *
 * For a descriptor face-api crops the recognizer's input ("chip") with its dlib alignment (`FaceLandmarks.align`
 * with useDlibAlignment, no rotation): a square whose size and place follow the centres of the two eyes and the
 * mouth. The mesh has the same points (MediaPipe's 468 indices for dlib's 36-47 and 48-67). On video frames Human's
 * mesh is computed for liveness anyway, so identity needs only the recognizer: about half of face-api's cost a
 * frame (detector ~28%, landmarks ~23%, recognizer ~49%, docs/benchmarks-history.md).
 */

/** Mesh indices for dlib's eyes (36-41, 42-47) and mouth (48-67). */
const LEFT_EYE = [33, 160, 158, 133, 153, 144];
const RIGHT_EYE = [362, 385, 387, 263, 373, 380];
const MOUTH = [61, 39, 37, 0, 267, 269, 291, 405, 314, 17, 84, 181, 78, 82, 13, 312, 308, 317, 14, 87];

/**
 * The mesh's centres against face-api's landmark centres, in eye-to-mouth distances, mean of 30 frames of the aoc,
 * d0 and mcguinness clips (sd 0.005-0.035): subtracted so the chip frames the face as face-api's would.
 */
const CENTRE_OFFSET = { leftEye: [0.024, 0.015], rightEye: [0.002, 0.011], mouth: [-0.003, 0] } as const;

/** face-api's dlib alignment constants (FaceLandmarks.ts). */
const REL_X = 0.5;
const REL_Y = 0.43;
const REL_SCALE = 0.45;

const centre = (mesh: readonly Point[], idx: number[]) => {
  let x = 0;
  let y = 0;
  for (const i of idx) {
    x += mesh[i][0];
    y += mesh[i][1];
  }
  return [x / idx.length, y / idx.length];
};

/**
 * The chip's box [x, y, width, height] in the frame's pixels, before face-api's clipping (describeChip does it);
 * null when the mesh is incomplete.
 */
export function chipFromMesh(mesh: readonly Point[]): [number, number, number, number] | null {
  if (mesh.length < 468) return null;
  const raw = [centre(mesh, LEFT_EYE), centre(mesh, RIGHT_EYE), centre(mesh, MOUTH)];
  const eyeMouth = Math.hypot(raw[2][0] - (raw[0][0] + raw[1][0]) / 2, raw[2][1] - (raw[0][1] + raw[1][1]) / 2);
  if (!(eyeMouth > 0)) return null;
  const offsets = [CENTRE_OFFSET.leftEye, CENTRE_OFFSET.rightEye, CENTRE_OFFSET.mouth];
  const [le, re, mo] = raw.map((c, k) => [c[0] - offsets[k][0] * eyeMouth, c[1] - offsets[k][1] * eyeMouth]);
  const toMouth = (p: number[]) => Math.hypot(mo[0] - p[0], mo[1] - p[1]);
  const size = Math.floor((toMouth(le) + toMouth(re)) / 2 / REL_SCALE);
  const refX = (le[0] + re[0] + mo[0]) / 3;
  const refY = (le[1] + re[1] + mo[1]) / 3;
  // face-api floors and clamps at the landmarks' image origin; describeChip does the same in the framed image
  return [refX - REL_X * size, refY - REL_Y * size, size, size];
}
