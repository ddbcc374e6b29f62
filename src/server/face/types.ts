import type { FrameReading } from './protocol';

/** An enrolled face: one face-api descriptor per registration image and their mean (what verification compares). */
export interface FaceTemplate {
  descriptors: Float32Array[];
  mean: Float32Array;
  model: string;
  /** the enrolled means of the student's neighbours (NEIGHBOUR_RADIUS): a check closer to one of them is refused */
  neighbours?: Float32Array[];
}

import type { ChallengeHint, ChallengeStep } from '@shared/face/face-challenge';

/**
 * face_changed: the clip shows the enrolled face and someone else (a photo held up, a friend who blinks, a cut).
 * challenge_not_followed: a challenge was given and the clip's moves do not follow it (challenge.ts).
 */
export type FaceReason = 'accepted' | 'no_face' | 'multiple_faces' | 'no_blink' | 'identity_mismatch' | 'face_changed' | 'challenge_not_followed';

/** A move the engine saw: a turn where it starts, a blink at its most closed frame (ms from the clip's start). */
export interface SeenMove {
  step: ChallengeStep;
  at_ms: number;
  /** a blink within two samples of a turn's start (challenge.ts ASTRIDE_MS): on neither side of it */
  astride?: true;
}

export interface VerifyVideoOptions {
  /** the moves the student was asked to make, in order; without it, today's blink-only check */
  challenge?: ChallengeStep[];
  /** where the page saw each step: a hint may say where to look, never what is there */
  hints?: ChallengeHint[];
  /**
   * The live check (issue 33): when each step of `challenge` was sent, in ms from the clip's first frame on its own
   * clock. Each step must then be answered inside its reaction window (analysis/challenge.ts followsTimedChallenge).
   */
  stepTimes?: number[];
  /** the longest clip accepted (s): the upload's MAX_VIDEO_SECONDS unless the live check's stream says otherwise */
  maxSeconds?: number;
  /** the same video decoded while it streamed (startLiveDecode), with the runs already read: used when whole */
  live?: LiveVideo;
}

/**
 * A live check's video decoded as it streams (FaceEngine.startLiveDecode), its liveness runs read on workers that
 * had nothing else to do. Write the chunks as they arrive, end it, then pass it to verifyVideo with the whole video;
 * close it whatever happens (it holds one of the engine's few live slots and a frame buffer).
 */
export interface LiveVideo {
  write(chunk: Buffer): void;
  end(): void;
  /** the stream will end within a second or so: its last runs may be read as they come */
  finishing(): void;
  close(): void;
}

export interface FaceVerdict {
  success: boolean;
  blink_count: number;
  /** Euclidean distance to the enrolled mean (lower = more similar); null if no face was compared */
  similarity: number | null;
  reason: FaceReason;
  /** wall-clock milliseconds from the call to the verdict, queue wait included */
  ms: number;
  /** with a challenge: the moves seen, in time order (for the CLI and the logs) */
  moves?: SeenMove[];
  /**
   * A refused clip's best frame as a small JPEG (analysis/identify-clip.ts stillFrame), for the teacher who reviews the refusal;
   * absent on an acceptance and where no frame was described. Taken after the verdict: it never changes one.
   */
  still?: Buffer;
}

export interface FaceEngine {
  /** 3 images (JPEG/PNG). Each must show exactly one usable face, else FaceInputError naming the image. */
  enroll(images: Buffer[]): Promise<FaceTemplate>;
  /** Liveness (blinks, or the challenge's moves when one is given) and identity from a short webm/mp4 recording. */
  verifyVideo(video: Buffer, template: FaceTemplate, opts?: VerifyVideoOptions): Promise<FaceVerdict>;
  /** Identity only, from one photo (the admin CLI's --image). */
  verifyImage(image: Buffer, template: FaceTemplate): Promise<FaceVerdict>;
  stats(): { queued: number; running: number; workers: number };
  /**
   * Starts decoding a live check's stream as it arrives, when the engine has room (at most one per worker at once):
   * null otherwise, and the video is decoded once whole, as an upload is. Never changes a verdict: the frames are
   * the same bytes either way, and a run read early is the run read late.
   */
  startLiveDecode?(maxSeconds: number): LiveVideo | null;
  close(): Promise<void>;
}

/** Diagnostics a benchmark or the repeat script passes to createFaceEngine; the server passes none. */
export interface EngineHooks {
  /** every check's per-frame liveness readings, before identity and the verdict */
  onReadings?: (readings: FrameReading[]) => void;
  /** how many times identity ran face-api's recognizer in that check (a frame read twice counts twice) */
  onIdentityRuns?: (count: number) => void;
}

/** Internal diagnostics, for the leak test and the benchmark. */
export interface FaceEngineDebug {
  /** per worker after its last task: live tensors, wasm heap and JS heap bytes; plus this process's RSS */
  debugMemory(): { workers: { numTensors: number; wasmHeapBytes: number; jsHeapBytes: number }[]; rss: number };
  /** milliseconds createFaceEngine took (workers started, models loaded and warmed) */
  startMs: number;
}
