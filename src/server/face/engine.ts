import { FACE_MODEL_ID, resolveOptions, type FaceEngineOptions } from './config';
import { decodeImage } from './decode-image';
import { decodeVideo } from './decode-video';
import { FaceBusyError, FaceInputError } from './errors';
import { JobGate } from './gate';
import { meanDescriptor } from './match';
import { FACE_MSG } from './messages';
import { TaskTimeoutError, WorkerPool } from './pool';
import type { DescribeResult, FrameReading } from './protocol';
import { pickSharpFrames } from './quality';
import type { FaceEngine, FaceEngineDebug, FaceTemplate, FaceVerdict } from './types';
import { judgeImage, judgeVideo } from './verdict';

/** A copy whose ArrayBuffer holds exactly these bytes, safe to transfer to a worker. */
const own = (u: Uint8Array) => (u.byteOffset === 0 && u.buffer.byteLength === u.length ? u : u.slice());

/** Contiguous runs of frames, one per worker: each worker tracks the face through its own run. */
function split<T>(items: T[], parts: number): T[][] {
  const size = Math.ceil(items.length / parts);
  return Array.from({ length: parts }, (_, i) => items.slice(i * size, (i + 1) * size)).filter((c) => c.length);
}

function checkTemplate(t: FaceTemplate) {
  if (t.model !== FACE_MODEL_ID || !(t.mean instanceof Float32Array) || t.mean.length !== 128) throw new FaceInputError(FACE_MSG.templateInvalid);
}

/**
 * Starts the face engine: a pool of worker threads with Human (liveness) and face-api (identity) loaded, and a
 * bounded job queue in front. Defaults come from the environment (FACE_MIN_BLINKS, FACE_THRESHOLD, ...).
 */
export async function createFaceEngine(opts: Partial<FaceEngineOptions> = {}): Promise<FaceEngine & FaceEngineDebug> {
  const started = performance.now();
  const o = resolveOptions(opts);
  const pool = new WorkerPool(o.workers);
  await pool.start();
  const gate = new JobGate(o.workers, o.queueLimit);

  /** Runs a job through the gate with its deadline; a task past the deadline means the server is overloaded. */
  const job = async <T>(fn: (deadline: number) => Promise<T>): Promise<T> => {
    try {
      return await gate.run(() => fn(Date.now() + o.jobTimeoutMs));
    } catch (err) {
      if (err instanceof TaskTimeoutError) throw new FaceBusyError(FACE_MSG.timeout, gate.retryAfterSeconds());
      throw err;
    }
  };
  const describe = (img: { rgb: Uint8Array; width: number; height: number }, count: boolean, deadline: number) => {
    const rgb = own(img.rgb);
    return pool.run<DescribeResult>({ kind: 'describe', rgb, width: img.width, height: img.height, count }, deadline, [rgb.buffer as ArrayBuffer]);
  };

  return {
    startMs: performance.now() - started,

    async enroll(images) {
      if (images.length !== 3) throw new FaceInputError(FACE_MSG.enrollCount(images.length));
      return job(async (deadline) => {
        const decoded = await Promise.all(images.map((img, i) => decodeImage(img, i + 1)));
        const found = await Promise.all(decoded.map((img) => describe(img, true, deadline)));
        found.forEach((r, i) => {
          if (r.faces > 1) throw new FaceInputError(FACE_MSG.enrollManyFaces(i + 1, r.faces));
          if (!r.descriptor) throw new FaceInputError(FACE_MSG.enrollNoFace(i + 1));
        });
        const descriptors = found.map((r) => Float32Array.from(r.descriptor!));
        return { descriptors, mean: meanDescriptor(descriptors), model: FACE_MODEL_ID };
      });
    },

    async verifyVideo(video, template): Promise<FaceVerdict> {
      const t0 = performance.now();
      checkTemplate(template);
      const judged = await job(async (deadline) => {
        const v = await decodeVideo(video, { fps: o.sampleFps, timeoutMs: Math.max(1, deadline - Date.now()) });
        // Identity on the 2 sharpest of a few spread-out frames, in parallel with liveness on all of them.
        const idFrames = pickSharpFrames(v.frames, v.width, v.height, 2).map((i) => v.frames[i].slice());
        const identity = idFrames.map((rgb) => describe({ rgb, width: v.width, height: v.height }, false, deadline));
        const liveness = split(v.frames, o.workers).map((frames) =>
          pool.run<FrameReading[]>({ kind: 'frames', frames, width: v.width, height: v.height }, deadline, frames.map((f) => f.buffer as ArrayBuffer)),
        );
        const readings = (await Promise.all(liveness)).flat();
        const probes = (await Promise.all(identity)).filter((r) => r.descriptor).map((r) => Float32Array.from(r.descriptor!));
        return judgeVideo({ readings, fps: v.fps, probes, template, minBlinks: o.minBlinks, threshold: o.threshold });
      });
      return { ...judged, ms: Math.round(performance.now() - t0) };
    },

    async verifyImage(image, template): Promise<FaceVerdict> {
      const t0 = performance.now();
      checkTemplate(template);
      const judged = await job(async (deadline) => {
        const r = await describe(await decodeImage(image, 1), true, deadline);
        return judgeImage({ faces: r.faces, probe: r.descriptor ? Float32Array.from(r.descriptor) : null, template, threshold: o.threshold });
      });
      return { ...judged, ms: Math.round(performance.now() - t0) };
    },

    stats: () => ({ ...gate.stats(), workers: o.workers }),
    debugMemory: () => ({ workers: pool.memory().filter((m) => m !== null), rss: process.memoryUsage().rss }),

    async close() {
      gate.rejectWaiting(new FaceBusyError(FACE_MSG.engineClosed, 5));
      await pool.close();
    },
  };
}
