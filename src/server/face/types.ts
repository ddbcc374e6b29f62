import type { ChallengeHint, ChallengeStep } from '../../shared/face-challenge';
/** An enrolled face: one face-api descriptor per registration image and their mean (what verification compares). */
export interface FaceTemplate {
  descriptors: Float32Array[];
  mean: Float32Array;
  model: string;
}

/** face_changed: the clip shows the enrolled face and someone else (a photo held up, a friend who blinks, a cut). */
/** challenge_not_followed: the clip did not show the challenge's moves in their order (issue 20). */
export type FaceReason = 'accepted' | 'no_face' | 'multiple_faces' | 'no_blink' | 'identity_mismatch' | 'face_changed' | 'challenge_not_followed';

/** The challenge a video must follow (issue 20), and where the page saw each step: hints say where to look, never what is there. */
export interface VerifyVideoOptions {
  challenge?: ChallengeStep[];
  hints?: ChallengeHint[];
}

export interface FaceVerdict {
  success: boolean;
  blink_count: number;
  /** Euclidean distance to the enrolled mean (lower = more similar); null if no face was compared */
  similarity: number | null;
  reason: FaceReason;
  /** wall-clock milliseconds from the call to the verdict, queue wait included */
  ms: number;
}

export interface FaceEngine {
  /** 3 images (JPEG/PNG). Each must show exactly one usable face, else FaceInputError naming the image. */
  enroll(images: Buffer[]): Promise<FaceTemplate>;
  /** Liveness (blinks) and identity from a short webm/mp4 recording. */
  verifyVideo(video: Buffer, template: FaceTemplate, options?: VerifyVideoOptions): Promise<FaceVerdict>;
  /** Identity only, from one photo (the admin CLI's --image). */
  verifyImage(image: Buffer, template: FaceTemplate): Promise<FaceVerdict>;
  stats(): { queued: number; running: number; workers: number };
  close(): Promise<void>;
}

/** Internal diagnostics, for the leak test and the benchmark. */
export interface FaceEngineDebug {
  /** per worker after its last task: live tensors, wasm heap and JS heap bytes; plus this process's RSS */
  debugMemory(): { workers: { numTensors: number; wasmHeapBytes: number; jsHeapBytes: number }[]; rss: number };
  /** milliseconds createFaceEngine took (workers started, models loaded and warmed) */
  startMs: number;
}
