/** Messages between the engine (main thread) and its worker threads. */
import type { LiveFrames } from './live-frames';

/** What the mesh says about one frame. */
export interface FrameReading {
  faces: number;
  left: number | null;
  right: number | null;
  yaw?: number;
  pitch?: number;
  /** how far the head is turned, from the mesh (turn.ts): positive = the person's own left */
  turn?: number;
  /** the main face's box as fractions of the frame [x, y, width, height]: the track's continuity */
  box?: [number, number, number, number];
  /** face-api's aligned face box [x, y, width, height] in pixels, from the mesh (chip.ts): identity needs no detector */
  chip?: [number, number, number, number];
  /** not read: a quiet frame between two read ones (skip.ts); liveness leaves it out, the tracker uses its box */
  skipped?: true;
}

export interface DescribeResult {
  descriptor: number[] | null;
  /** faces found (the larger of Human's and face-api's counts when counting was asked) */
  faces: number;
  detector: 'tiny' | 'ssd' | null;
  /** Human's box of the main face as fractions of the image [x, y, width, height] (when counting was asked) */
  box?: [number, number, number, number] | null;
}

export type TaskRequest =
  | { kind: 'frames'; frames: Uint8Array[]; width: number; height: number; skipQuiet?: boolean }
  /** the run of a clip starting at frame `start` (segments.ts), read while the clip is still being decoded (live-frames.ts) */
  | { kind: 'frames-live'; live: LiveFrames; start: number; skipQuiet?: boolean }
  | { kind: 'describe'; rgb: Uint8Array; width: number; height: number; count: boolean }
  /** a video frame whose face box is known from the mesh: face-api's recognizer alone */
  | { kind: 'describe-chip'; rgb: Uint8Array; width: number; height: number; chip: [number, number, number, number] };

export type TaskResult = FrameReading[] | DescribeResult;

/** A worker's memory after its last task: live tensors (leak check), its wasm heap and its JS heap. */
export interface WorkerMemory {
  numTensors: number;
  wasmHeapBytes: number;
  jsHeapBytes: number;
}

export type WorkerMessage =
  | { type: 'ready'; ms: number; memory: WorkerMemory }
  | { type: 'result'; id: number; ok: true; result: TaskResult; memory: WorkerMemory }
  | { type: 'result'; id: number; ok: false; error: string; memory: WorkerMemory }
  | { type: 'fatal'; error: string };
