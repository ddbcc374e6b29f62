import os from 'node:os';

/** Limits of an upload; the numbers of the issue (5 MB, 10 s) and SPEC section 9 (3-s recording). */
export const VIDEO_MAX_BYTES = 5 * 1024 * 1024;
export const VIDEO_MAX_SECONDS = 10;
export const VIDEO_MIN_SECONDS = 1;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Frames are scaled down to fit this box: the mesh reads a 192-px face crop, more pixels only cost time. */
export const FRAME_MAX_WIDTH = 640;
export const FRAME_MAX_HEIGHT = 480;

/** V8 young-generation cap of each worker thread (see pool.ts). */
export const WORKER_YOUNG_GENERATION_MB = 8;

/** The descriptor space: face-api's FaceRecognitionNet (128-d). Stored with each template. */
export const FACE_MODEL_ID = 'face-api@1.7.15/face_recognition_model/128';

export interface FaceEngineOptions {
  workers: number;
  /** Jobs allowed to wait beyond the running ones; past it the caller gets FaceBusyError at once. */
  queueLimit: number;
  jobTimeoutMs: number;
  minBlinks: number;
  /** Euclidean distance to the enrolled mean at or under which the face matches. */
  threshold: number;
  /** Frames per second sampled for liveness: 12.5 keeps at least one frame inside a 100-ms blink. */
  sampleFps: number;
}

const num = (v: string | undefined, fallback: number) => {
  const n = v === undefined || v === '' ? NaN : Number(v);
  return Number.isFinite(n) ? n : fallback;
};

/** Defaults from the environment (FACE_MIN_BLINKS etc.), then explicit options on top. */
export function resolveOptions(opts: Partial<FaceEngineOptions> = {}, env = process.env): FaceEngineOptions {
  const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  const o: FaceEngineOptions = {
    workers: num(env.FACE_WORKERS, Math.max(1, Math.min(cores, 4))),
    queueLimit: num(env.FACE_QUEUE_LIMIT, 8),
    jobTimeoutMs: num(env.FACE_JOB_TIMEOUT_MS, 20_000),
    minBlinks: num(env.FACE_MIN_BLINKS, 1),
    threshold: num(env.FACE_THRESHOLD, 0.5),
    sampleFps: num(env.FACE_SAMPLE_FPS, 12.5),
  };
  for (const [k, v] of Object.entries(opts)) if (v !== undefined) (o as unknown as Record<string, number>)[k] = v;
  o.workers = Math.max(1, Math.floor(o.workers));
  o.queueLimit = Math.max(0, Math.floor(o.queueLimit));
  return o;
}
