import { FACE_MODEL_ID, resolveOptions, type FaceEngineOptions } from './config';
import { describePhoto } from './photo-face';
import { decodeVideo, sweepStaleUploads, webmDecoderPlan, type DecodedVideo } from './decode-video';
import { FaceBusyError, FaceInputError } from './errors';
import { RAM_DIR } from './frames-dir';
import { SpareDecoders } from './spare-decoders';
import { firstShare, type LiveFrames } from './live-frames';
import { JobGate, type JobLane } from './gate';
import { euclidean, meanDescriptor } from './match';
import { TaskTimeoutError, WorkerPool } from './pool';
import type { DescribeResult, FrameReading } from './protocol';
import type { FaceEngine, FaceEngineDebug, FaceTemplate, FaceVerdict } from './types';
import { judgeImage, judgeVideo } from './verdict';
import { classify } from './clip-identity';
import { completeIdentity, windowFrames } from './identify-clip';
import { challengeBlinks, CHALLENGE_BLINKS } from './challenge';

/** Buffers that can move to a worker without a copy (a SharedArrayBuffer is shared instead). */
const transferable = (u: Uint8Array): ArrayBuffer[] =>
  u.buffer instanceof ArrayBuffer && u.byteOffset === 0 && u.buffer.byteLength === u.length ? [u.buffer] : [];

/** One identity frame (face-api, ~110 ms) costs about as much as this many liveness frames (~28 ms each), measured. */
const IDENTITY_COST_FRAMES = 4;

/**
 * Contiguous runs of frames, run i for worker i (each worker tracks the face through its own run). Worker 0 also
 * does identity, so it gets that much fewer frames and both finish together.
 */
export function splitFrames<T>(items: T[], workers: number, identityFrames = 1): T[][] {
  if (workers <= 1) return [items];
  const identityCost = identityFrames * IDENTITY_COST_FRAMES;
  const perWorker = (items.length + identityCost) / workers;
  const first = Math.max(1, Math.round(perWorker - identityCost));
  const rest = items.length - first;
  const runs = [items.slice(0, first)];
  for (let i = 1; i < workers; i++)
    runs.push(items.slice(first + Math.round(((i - 1) * rest) / (workers - 1)), first + Math.round((i * rest) / (workers - 1))));
  return runs;
}

function checkTemplate(t: FaceTemplate) {
  if (t.model !== FACE_MODEL_ID || !(t.mean instanceof Float32Array) || t.mean.length !== 128) throw new FaceInputError('template_invalid');
}

/**
 * Starts the face engine: `workers` threads running Human's mesh for liveness, the first of them also face-api
 * for identity, behind a bounded job queue. Defaults come from the environment (FACE_MIN_BLINKS, FACE_THRESHOLD,
 * FACE_WORKERS, FACE_QUEUE_LIMIT, FACE_JOB_TIMEOUT_MS, FACE_SAMPLE_FPS).
 */
export async function createFaceEngine(opts: Partial<FaceEngineOptions> = {}): Promise<FaceEngine & FaceEngineDebug> {
  const started = performance.now();
  const o = resolveOptions(opts);
  void sweepStaleUploads(); // uploads left by a process killed mid-check
  void sweepStaleUploads(RAM_DIR); // and their frames (frames-dir.ts)
  // Liveness (most frames) spreads over all workers; identity is a few frames, so only worker 0 holds face-api's
  // models (see worker/models.ts) and identity tasks are pinned to it.
  const pool = new WorkerPool(o.workers, (i) => (i === 0 ? 'full' : 'liveness'));
  await pool.start();
  const gate = new JobGate(o.workers, o.queueLimit);
  // one ffmpeg waiting per check that may run at once (spare-decoders.ts)
  const spares = new SpareDecoders(o.workers, webmDecoderPlan({ fps: o.sampleFps }));
  await spares.refill();

  /** Runs a job through the gate with its deadline; a task past the deadline means the server is overloaded. */
  const job = async <T>(fn: (deadline: number) => Promise<T>, lane: JobLane = 'check'): Promise<T> => {
    try {
      return await gate.run(() => fn(Date.now() + o.jobTimeoutMs), lane);
    } catch (err) {
      if (err instanceof TaskTimeoutError) throw new FaceBusyError('timeout', gate.retryAfterSeconds(lane));
      throw err;
    }
  };
  const describe = ({ rgb, width, height }: { rgb: Uint8Array; width: number; height: number }, count: boolean, deadline: number) =>
    pool.run<DescribeResult>({ kind: 'describe', rgb, width, height, count }, { deadline, worker: 0, transfer: transferable(rgb) });

  /** A video frame's descriptor: the recognizer alone where the mesh gave the face's box, else face-api's chain. */
  const describeFrame = async (v: DecodedVideo, reading: FrameReading | undefined, frame: number, deadline: number) => {
    const rgb = v.frames[frame];
    const r = reading?.chip
      ? await pool.run<DescribeResult>({ kind: 'describe-chip', rgb, width: v.width, height: v.height, chip: reading.chip }, { deadline, worker: 0 })
      : await describe({ rgb, width: v.width, height: v.height }, false, deadline);
    return r.descriptor ? Float32Array.from(r.descriptor) : null;
  };

  /** Every frame's reading: worker 0's live share (when it took one) then the rest spread over the other workers. */
  const readLiveness = async (v: DecodedVideo, live: { signal: Int32Array; task: Promise<FrameReading[]> } | null, deadline: number) => {
    const rest = (frames: Uint8Array[], workers: number[]) =>
      splitFrames(frames, workers.length, 0).map((share, k) =>
        share.length
          ? pool.run<FrameReading[]>({ kind: 'frames', frames: share, width: v.width, height: v.height, skipQuiet: true }, { deadline, worker: workers[k] })
          : Promise.resolve([]),
      );
    const all = Array.from({ length: o.workers }, (_, i) => i);
    const end = live ? await firstShare(live.signal, live.task) : null;
    if (!live || end === null) return (await Promise.all(rest(v.frames, all))).flat();
    const [first, ...others] = await Promise.all([live.task, ...rest(v.frames.slice(end), all.slice(1))]);
    if (first.length !== end) throw new Error(`live share read ${first.length} frames, not ${end}`);
    return [...first, ...others.flat()];
  };

  return {
    startMs: performance.now() - started,

    async enroll(images) {
      if (images.length !== 3) throw new FaceInputError('enroll_count', { count: images.length });
      return job(async (deadline) => {
        const found = await Promise.all(images.map((img, i) => describePhoto((d, count) => describe(d, count, deadline), img, i + 1)));
        found.forEach((r, i) => {
          if (r.faces > 1) throw new FaceInputError('multiple_faces', { image: i + 1, faces: r.faces });
          if (!r.descriptor) throw new FaceInputError('no_face', { image: i + 1 });
        });
        const descriptors = found.map((r) => Float32Array.from(r.descriptor!));
        // the three must show one person: each photo against the mean of the other two (docs/benchmarks.md)
        descriptors.forEach((d, i) => {
          const others = meanDescriptor(descriptors.filter((_, j) => j !== i));
          if (classify(euclidean(d, others), o.threshold) === 'foreign') throw new FaceInputError('different_people', { image: i + 1 });
        });
        return { descriptors, mean: meanDescriptor(descriptors), model: FACE_MODEL_ID };
      }, 'enroll'); // behind waiting attendance checks (gate.ts)
    },

    async verifyVideo(video, template, { challenge } = {}): Promise<FaceVerdict> {
      const t0 = performance.now();
      checkTemplate(template);
      const judged = await job(async (deadline) => {
        // liveness first, on every worker: identity frames then need only face-api's recognizer on the mesh's box.
        // When worker 0 is free it reads the first frames while ffmpeg still decodes (live-frames.ts).
        let live: { signal: Int32Array; task: Promise<FrameReading[]> } | null = null;
        const onFrames = (f: LiveFrames) => {
          if (o.workers < 2 || !pool.idle(0)) return;
          const task = pool.run<FrameReading[]>({ kind: 'frames-live', live: f, skipQuiet: true }, { deadline, worker: 0 });
          task.catch(() => undefined); // awaited below, or dropped with a failed decode
          live = { signal: new Int32Array(f.signal), task };
        };
        const v = await decodeVideo(video, { fps: o.sampleFps, timeoutMs: Math.max(1, deadline - Date.now()), spares, onFrames }).catch(async (err) => {
          await (live as { task: Promise<unknown> } | null)?.task.catch(() => undefined); // it stops at the failure; the buffer is reused after
          throw err;
        });
        try {
          const readings = await readLiveness(v, live, deadline);
          const describeAt = (frame: number) => describeFrame(v, readings[frame], frame, deadline);
          const firsts = windowFrames(v, readings);
          const found = await Promise.all(firsts.map(describeAt));
          const probes = new Map(firsts.map((f, k) => [f, found[k]]));
          // with a challenge, identity confirms the blinks the challenge reads, as many as it asks for
          const blinks = challenge ? { blinks: CHALLENGE_BLINKS, minBlinks: challengeBlinks(challenge) } : { minBlinks: o.minBlinks };
          await completeIdentity(v, readings, probes, describeAt, { mean: template.mean, threshold: o.threshold, ...blinks });
          return judgeVideo({ readings, fps: v.fps, probes, template, minBlinks: o.minBlinks, threshold: o.threshold, challenge });
        } finally {
          v.release();
        }
      }).finally(() => void spares.refill()); // the next ffmpeg starts after this check, not beside its liveness work
      return { ...judged, ms: Math.round(performance.now() - t0) };
    },

    async verifyImage(image, template): Promise<FaceVerdict> {
      const t0 = performance.now();
      checkTemplate(template);
      const judged = await job(async (deadline) => {
        const r = await describePhoto((d, count) => describe(d, count, deadline), image, 1);
        return judgeImage({ faces: r.faces, probe: r.descriptor ? Float32Array.from(r.descriptor) : null, template, threshold: o.threshold });
      });
      return { ...judged, ms: Math.round(performance.now() - t0) };
    },

    stats: () => ({ ...gate.stats(), workers: o.workers }),
    debugMemory: () => ({ workers: pool.memory().filter((m) => m !== null), rss: process.memoryUsage().rss }),

    async close() {
      gate.rejectWaiting(new FaceBusyError('engine_closed', 5));
      await Promise.all([pool.close(), spares.close()]);
    },
  };
}
