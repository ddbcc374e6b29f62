import { eyeAspectRatio, type Point } from '@shared/face/eye-geometry';

/** Any [x, y, ...] point of Human's face mesh (MediaPipe's 468 indices), in image pixels of the unmirrored frame. */
export type MeshPoint = Point;

/** What the page reads from one frame to guide the challenge. */
export interface FaceReading {
  /**
   * Where the nose sits between the two sides of the face, -1..1, 0 when frontal; positive when the student turns to
   * their own left (in the unmirrored frame their nose moves toward the image's right, past the centre of the cheeks).
   */
  turn: number;
  /** Each eye's aspect ratio (lid gap over eye width): a blink is both dipping well below their open value. */
  leftEye: number;
  rightEye: number;
}

const NOSE_TIP = 1;
/** The face's outline at the cheekbones: the student's right (image left) and left (image right). */
const CHEEK_RIGHT = 234;
const CHEEK_LEFT = 454;
/**
 * The turn signal and both eyes' openness of one mesh, or null when the mesh lacks the points. The nose's place
 * between the cheeks grows with the turn in both directions alike and needs no camera model (Human's yaw reads
 * about half the turn seen by eye: faces/challenge/README.md).
 */
export function readFace(mesh: readonly MeshPoint[]): FaceReading | null {
  const nose = mesh[NOSE_TIP];
  const right = mesh[CHEEK_RIGHT];
  const left = mesh[CHEEK_LEFT];
  if (!nose || !right || !left) return null;
  const span = left[0] - right[0];
  if (span <= 0) return null;
  const leftEye = eyeAspectRatio(mesh, 'left');
  const rightEye = eyeAspectRatio(mesh, 'right');
  if (leftEye === null || rightEye === null) return null;
  return { turn: (2 * (nose[0] - right[0])) / span - 1, leftEye, rightEye };
}
