import type { FaceReading } from './face-geometry';

/** What the page sends the tracker's worker (face-tracker.worker.ts): one camera frame to read, transferred. */
export interface TrackerRequest {
  id: number;
  frame: ImageBitmap;
}

/** What the worker answers: its models loaded or not, then one reading (or a failure) per frame. */
export type TrackerReply =
  | { kind: 'ready' }
  | { kind: 'failed'; message: string }
  | { kind: 'reading'; id: number; reading: FaceReading | null }
  | { kind: 'error'; id: number; message: string };
