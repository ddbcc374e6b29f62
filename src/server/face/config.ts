import os from 'node:os';

/** Upload bounds are MAX_VIDEO_BYTES and MAX_VIDEO_SECONDS of src/shared/constants; a recording is about 3 s. */
export const VIDEO_MIN_SECONDS = 1;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/**
 * Full image decodes at once in one app, registration and face engine together (deps.imageDecodes): a 25-megapixel
 * image takes ~75 MB while decoded, so a burst of uploads waits instead of multiplying that.
 */
export const MAX_CONCURRENT_IMAGE_DECODES = 2;
/**
 * Enrollment: each photo against the mean of the other two, farther than this is another person (the 'different_people'
 * refusal). Measured on the fixture photos when the match threshold was 0.50 (docs/benchmarks-history.md) and kept
 * when that threshold was lowered: a tighter rule refuses genuine enrollments (lighting, glasses) and catches no more
 * mixed ones.
 */
export const ENROLL_SPREAD_MAX = 0.6;
/**
 * A student's neighbours: other enrolled accounts whose templates lie within this of the student's (an enrolled
 * lookalike, a twin). A check that reads closer to one of them than to the student is refused (verdict.ts). 0.6 is
 * where a face stops being unsure and is someone else (FOREIGN_FLOOR): any account that could pass as the student,
 * or be unsure, is a neighbour; across the 67 people of the fixtures only p1 and d0 are each other's
 * (`bench:identity-checks`).
 */
export const NEIGHBOUR_RADIUS = 0.6;
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
  /**
   * 1:1: Euclidean distance to the enrolled mean at or under which a check's face is the student's. 0.42 from
   * `bench:identity-checks` (docs/benchmarks.md, "Identity at scale"): every genuine fixture check passes from 0.41
   * up (p3's c10, turned and looking down, reads 0.403-0.408; one turns away at 0.36), and no check of one person
   * against another's enrollment passes up to 0.43 (d0's clip as p1 reads 0.402 as a whole but none of his blinks'
   * flanks is p1's; it passes from 0.44; at the old 0.50 p1 and d0, two different men, passed as each other both ways).
   */
  threshold: number;
  /**
   * 1:N: the largest distance between two accounts' enrolled means at which a new face is held for a teacher as
   * possibly the same person (services/faces/face-collisions.ts). Above the 1:1 threshold, so that any two accounts that
   * could pass as each other are seen by a person: 0.44 from `bench:identity` (template to template over 67 people
   * of the fixtures: d0/p1 at 0.413 are held, the next closest pair of strangers is at 0.460).
   */
  searchThreshold: number;
  /** Frames per second sampled for liveness: 12.5 keeps at least one frame inside a 100-ms blink. */
  sampleFps: number;
}

/** The engine's defaults with explicit options on top (the server passes those set in the environment, env.ts). */
export function resolveOptions(opts: Partial<FaceEngineOptions> = {}): FaceEngineOptions {
  const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  const o: FaceEngineOptions = {
    workers: Math.max(1, Math.min(cores, 4)),
    queueLimit: 8,
    jobTimeoutMs: 20_000,
    minBlinks: 1,
    threshold: 0.42,
    searchThreshold: 0.44,
    sampleFps: 12.5,
  };
  for (const [k, v] of Object.entries(opts)) if (v !== undefined) (o as unknown as Record<string, number>)[k] = v;
  o.workers = Math.max(1, Math.floor(o.workers));
  o.queueLimit = Math.max(0, Math.floor(o.queueLimit));
  return o;
}
