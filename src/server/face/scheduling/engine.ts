import { ENROLL_SPREAD_MAX, FACE_MODEL_ID, MAX_CONCURRENT_IMAGE_DECODES, resolveOptions, type FaceEngineOptions } from '../config';
import { Slots } from '@server/lib/slots';
import {
  decodeLiveVideo,
  decodeVideo,
  type DecodedVideo,
  type LiveDecode,
  RAM_DIR,
  SpareDecoders,
  sweepStaleUploads,
  webmDecoderPlan,
} from '../decoding/index';
import { FaceBusyError, FaceInputError } from '../errors';
import { FRAMES, type LiveFrames } from '../live-frames';
import { JobGate, type JobLane } from './gate';
import {
  CHALLENGE_BLINKS,
  challengeBlinks,
  classify,
  completeIdentity,
  euclidean,
  judgeImage,
  judgeVideo,
  meanDescriptor,
  sameTurnWay,
  sharpestOf,
  stillFrame,
  windowCandidates,
} from '../analysis/index';
import { TaskTimeoutError, WorkerPool } from './pool';
import type { DescribeResult, FrameReading } from '../protocol';
import type { EngineHooks, FaceEngine, FaceEngineDebug, FaceTemplate, FaceVerdict, LiveVideo } from '../types';
import type { ChallengeStep } from '@shared/face/face-challenge';
import { MIN_TAIL, SEGMENT_FRAMES, segments } from '../segments';
import { decodeFaceCrop, decodeImage, encodeStill, type RgbImage } from '../decoding/index';

/** A stream decoded as it arrived, and its runs read early (startLiveDecode). */
interface StreamedVideo {
  decode: LiveDecode;
  early: Map<number, Promise<FrameReading[]>>;
  /** looks reading the stream's frames: its buffer goes back once they are done */
  looks: Set<Promise<unknown>>;
  /** closed (LiveVideo.close): a look that starts now decodes the bytes itself */
  closed: boolean;
}

/** The second look's samples: halfway between the first look's (decode-video.ts). */
const SECOND_LOOK_PHASE = 0.5 as const;

/** Buffers that can move to a worker without a copy (a SharedArrayBuffer is shared instead). */
const transferable = (u: Uint8Array): ArrayBuffer[] =>
  u.buffer instanceof ArrayBuffer && u.byteOffset === 0 && u.buffer.byteLength === u.length ? [u.buffer] : [];

function checkTemplate(t: FaceTemplate) {
  if (t.model !== FACE_MODEL_ID || !(t.mean instanceof Float32Array) || t.mean.length !== 128) throw new FaceInputError('template_invalid');
  if (t.neighbours?.some((n) => !(n instanceof Float32Array) || n.length !== 128)) throw new FaceInputError('template_invalid');
}

/**
 * Starts the face engine: `workers` threads running Human's mesh for liveness, the first of them also face-api
 * for identity, behind a bounded job queue. Defaults come from the environment (FACE_MIN_BLINKS, FACE_THRESHOLD,
 * FACE_WORKERS, FACE_QUEUE_LIMIT, FACE_JOB_TIMEOUT_MS, FACE_SAMPLE_FPS). Photos are decoded in `decodes`: the app
 * passes its deps.imageDecodes, shared with registration; an engine started alone gets its own.
 */
export async function createFaceEngine(
  opts: Partial<FaceEngineOptions> = {},
  hooks: EngineHooks = {},
  decodes: Slots = new Slots(MAX_CONCURRENT_IMAGE_DECODES),
): Promise<FaceEngine & FaceEngineDebug> {
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
      // the decode's time limit is what is left of the job's deadline: running out is the server's lateness, not the upload's
      const late = err instanceof TaskTimeoutError || (err instanceof FaceInputError && err.code === 'decode_timeout');
      if (late) throw new FaceBusyError('timeout', gate.retryAfterSeconds(lane));
      throw err;
    }
  };
  const describe = ({ rgb, width, height }: { rgb: Uint8Array; width: number; height: number }, count: boolean, deadline: number) =>
    pool.run<DescribeResult>({ kind: 'describe', rgb, width, height, count }, { deadline, worker: 0, transfer: transferable(rgb) });

  /**
   * A video frame's descriptor: the recognizer alone where the mesh gave the face's box, else face-api's chain. A
   * chip read as someone else (`foreign`) is read again by face-api's own chain, whose answer stands: the mesh can
   * slip on one frame, and someone else ends the check (face_changed). Seen in a genuine browser upload recorded
   * under load: one frame whose head sat 50 px off both neighbours' gave a chip at 0.62 from the enrolment, where
   * face-api's chain found no face and every other frame of the clip read 0.21-0.32 (docs/face-challenge.md).
   */
  const describeFrame = async (
    v: DecodedVideo,
    reading: FrameReading | undefined,
    frame: number,
    deadline: number,
    foreign: (d: Float32Array) => boolean,
    tally: { runs: number },
  ) => {
    const rgb = v.frames[frame];
    tally.runs++;
    if (reading?.chip) {
      const r = await pool.run<DescribeResult>({ kind: 'describe-chip', rgb, width: v.width, height: v.height, chip: reading.chip }, { deadline, worker: 0 });
      const d = r.descriptor ? Float32Array.from(r.descriptor) : null;
      if (!d || !foreign(d)) return d;
      tally.runs++;
    }
    const r = await describe({ rgb, width: v.width, height: v.height }, false, deadline);
    return r.descriptor ? Float32Array.from(r.descriptor) : null;
  };

  /**
   * Every frame's reading, run by run (segments.ts), each run on whichever worker is free: a run read live while the
   * clip decoded is taken as it is when it is whole, else read now. `of(frames)` gives the readings of some frames
   * (at their own indices) as soon as the runs holding them are read, before the others are.
   */
  const readLiveness = (v: DecodedVideo, live: Map<number, Promise<FrameReading[]>>, deadline: number) => {
    const read = ([start, end]: [number, number]) =>
      pool.run<FrameReading[]>({ kind: 'frames', frames: v.frames.slice(start, end), width: v.width, height: v.height, skipQuiet: true }, { deadline });
    const cut = segments(v.frames.length);
    const runs = cut.map(async (run) => {
      const early = await live.get(run[0]);
      return early?.length === run[1] - run[0] ? early : read(run);
    });
    const of = async (frames: number[]) => {
      const out: FrameReading[] = [];
      const holding = cut.map((run, k) => [run, k] as const).filter(([[start, end]]) => frames.some((f) => start <= f && f < end));
      for (const [[start], k] of holding) {
        for (const [i, r] of (await runs[k]).entries()) out[start + i] = r;
      }
      return out;
    };
    return { all: Promise.all(runs).then((r) => r.flat()), of };
  };

  /**
   * One reading of a clip at sampling phase `phase` (decode-video.ts) and its judgement. Liveness first, on every
   * worker: identity frames then need only face-api's recognizer on the mesh's box. Workers free when the decode
   * starts read the first runs as their frames come (live-frames.ts).
   */
  const look = async (
    video: Buffer,
    template: FaceTemplate,
    challenge: ChallengeStep[] | undefined,
    deadline: number,
    phase: 0 | 0.5,
    stepTimes?: number[],
    maxSeconds?: number,
    streamed?: StreamedVideo,
  ) => {
    const live = streamed?.early ?? new Map<number, Promise<FrameReading[]>>();
    const onFrames = (f: LiveFrames) => {
      const idle = Array.from({ length: o.workers }, (_, i) => pool.idle(i)).filter(Boolean).length;
      for (let k = 0; k < idle; k++) {
        const start = k * SEGMENT_FRAMES;
        const task = pool.run<FrameReading[]>({ kind: 'frames-live', live: f, start, skipQuiet: true }, { deadline });
        task.catch(() => undefined); // awaited below, or dropped with a failed decode
        live.set(start, task);
      }
    };
    const decodeNow = () =>
      decodeVideo(video, { fps: o.sampleFps, phase, timeoutMs: Math.max(1, deadline - Date.now()), spares, onFrames, maxSeconds }).catch(async (err) => {
        await Promise.allSettled(live.values()); // they stop at the failure; the buffer is reused after
        throw err;
      });
    // A stream decoded as it came is the same frames as decoding its bytes now (decodeLiveVideo): its decoder has
    // only the last chunk left, where decoding the whole clip again took 0.4-0.5 s of the verdict's wait. It is
    // released with the stream (LiveVideo.close), not here. A live decode that failed is decoded again, which gives
    // the same answer or the same error.
    let lookDone = () => {};
    if (streamed && !streamed.closed) streamed.looks.add(new Promise<void>((resolve) => (lookDone = resolve)));
    const fromStream = streamed && !streamed.closed ? await streamed.decode.decoded.catch(() => null) : null;
    if (!fromStream) lookDone();
    const v = fromStream ?? (await decodeNow());
    try {
      const liveness = readLiveness(v, live, deadline);
      const foreign = (d: Float32Array) => classify(euclidean(d, template.mean), o.threshold) === 'foreign';
      const tally = { runs: 0 };
      // Each window's identity frame is described as soon as the runs holding its candidates are read: the same
      // frames windowFrames picks from the whole clip's readings, on the identity worker while the other reads the
      // clip's last run (a live check's verdict waits for that run, docs/benchmarks.md).
      const windows = Promise.all(
        windowCandidates(v.frames.length).map(async (candidates) => {
          const some = await liveness.of(candidates);
          const frame = sharpestOf(v, candidates, some);
          return [frame, await describeFrame(v, some[frame], frame, deadline, foreign, tally)] as const;
        }),
      );
      windows.catch(() => undefined); // a failed run fails the look below; this only waits on it
      const readings = await liveness.all;
      await Promise.allSettled(live.values()); // a run the clip turned out not to have ends at once
      hooks.onReadings?.(readings);
      const describeAt = (frame: number) => describeFrame(v, readings[frame], frame, deadline, foreign, tally);
      const probes = new Map(await windows);
      // with a challenge, identity confirms the blinks the challenge reads, as many as it asks for
      const blinks = challenge ? { blinks: CHALLENGE_BLINKS, minBlinks: challengeBlinks(challenge) } : { minBlinks: o.minBlinks };
      await completeIdentity(v, readings, probes, describeAt, { mean: template.mean, threshold: o.threshold, ...blinks });
      hooks.onIdentityRuns?.(tally.runs);
      // the step times are on the clip's clock; this look's frame 0 is `phase` of a sample into it
      const shift = (phase * 1000) / o.sampleFps;
      const times = stepTimes?.map((t) => t - shift);
      const judged = judgeVideo({ readings, fps: v.fps, probes, template, minBlinks: o.minBlinks, threshold: o.threshold, challenge, stepTimes: times });
      if (judged.verdict.success) return judged;
      // A refusal's still for the teacher's review (issue 39), taken after the verdict from this look's frames.
      const frame = stillFrame(probes, template.mean);
      return frame === null ? judged : { ...judged, verdict: { ...judged.verdict, still: await encodeStill(v, frame) } };
    } finally {
      if (fromStream) lookDone();
      else v.release();
    }
  };

  /**
   * A live check's stream decoded as it arrives (at most one per worker: each holds a frame buffer), and each run of
   * it read as soon as its frames are in and final (another run has begun after it, segments.ts), but only on a
   * worker that is idle while no job waits: analysis that would otherwise all come after the stream, on spare time.
   */
  let liveSlots = 0;
  const streams = new WeakMap<LiveVideo, StreamedVideo>();
  const startLiveDecode = (maxSeconds: number): LiveVideo | null => {
    if (liveSlots >= o.workers) return null;
    liveSlots++;
    const decode = decodeLiveVideo({ fps: o.sampleFps, timeoutMs: maxSeconds * 1000 + o.jobTimeoutMs, maxSeconds });
    const early = new Map<number, Promise<FrameReading[]>>();
    const streamed: StreamedVideo = { decode, early, looks: new Set(), closed: false };
    const idleWorkers = () => Array.from({ length: o.workers }, (_, i) => i).filter((i) => pool.idle(i));
    let ending = false;
    let closed = false;
    /**
     * Starts reading the runs that are in and final (another run has begun after them) on idle workers while no job
     * waits. Once the stream is ending (`finishing`) also the runs still arriving: a worker then reads their frames
     * as they come (live-frames.ts), waiting at most LIVE_WAIT_MS, and only at a check's very end, so that after the
     * last chunk only its own frames are left to read. A run read either way gives the readings it gives after the
     * end (segments.ts): when it is read changes, not what; one not finished is read again in the look.
     */
    const tick = () => {
      const f = decode.frames();
      if (closed || !f || gate.stats().queued > 0) return;
      const n = Atomics.load(new Int32Array(f.signal), FRAMES);
      const idle = idleWorkers().reverse(); // worker 0 last: it also identifies, right after the last run
      for (let start = 0; start < n && idle.length; start += SEGMENT_FRAMES) {
        if (early.has(start)) continue;
        const whole = start + SEGMENT_FRAMES + MIN_TAIL <= n;
        if (!whole && !ending) return;
        const frames = Array.from({ length: SEGMENT_FRAMES }, (_, i) => new Uint8Array(f.buffer, (start + i) * f.frameBytes, f.frameBytes));
        const task = pool.run<FrameReading[]>(
          whole ? { kind: 'frames', frames, width: f.width, height: f.height, skipQuiet: true } : { kind: 'frames-live', live: f, start, skipQuiet: true },
          { deadline: Date.now() + o.jobTimeoutMs, worker: idle.shift() },
        );
        task.catch(() => undefined); // read again in the look if it failed
        early.set(start, task);
      }
    };
    const poll = setInterval(tick, 200);
    let endingPoll: ReturnType<typeof setInterval> | undefined;
    const stopPolling = () => {
      clearInterval(poll);
      clearInterval(endingPoll);
    };
    const close = () => {
      if (closed) return;
      closed = true;
      streamed.closed = true;
      stopPolling();
      decode.abort();
      liveSlots--;
      // the buffer goes back once any early run and any look still reading it are done (a check replaced by a new
      // start is closed while its verdict may still be read)
      void Promise.allSettled([...early.values(), ...streamed.looks]).then(() =>
        decode.decoded.then(
          (v) => v.release(),
          () => undefined,
        ),
      );
    };
    decode.decoded.then(stopPolling, stopPolling);
    /** The stream ends within a second (the page saw the last move, or the last window closed). */
    const finishing = () => {
      if (ending || closed) return;
      ending = true;
      tick();
      endingPoll = setInterval(tick, 40); // a worker freed now takes the next run at once
    };
    const handle: LiveVideo = { write: (c) => decode.write(c), end: () => decode.end(), finishing, close };
    streams.set(handle, streamed);
    return handle;
  };

  return {
    startMs: performance.now() - started,
    startLiveDecode,

    async enroll(images) {
      if (images.length !== 3) throw new FaceInputError('enroll_count', { count: images.length });
      return job(async (deadline) => {
        const found = await Promise.all(images.map((img, i) => describePhoto((d, count) => describe(d, count, deadline), img, i + 1, decodes)));
        found.forEach((r, i) => {
          if (r.faces > 1) throw new FaceInputError('multiple_faces', { image: i + 1, faces: r.faces });
          if (!r.descriptor) throw new FaceInputError('no_face', { image: i + 1 });
        });
        const descriptors = found.map((r) => Float32Array.from(r.descriptor!));
        // the three must show one person: each photo against the mean of the other two (docs/benchmarks-history.md)
        descriptors.forEach((d, i) => {
          const others = meanDescriptor(descriptors.filter((_, j) => j !== i));
          if (euclidean(d, others) > ENROLL_SPREAD_MAX) throw new FaceInputError('different_people', { image: i + 1 });
        });
        return { descriptors, mean: meanDescriptor(descriptors), model: FACE_MODEL_ID };
      }, 'enroll'); // behind waiting attendance checks (gate.ts)
    },

    async verifyVideo(video, template, { challenge, stepTimes, maxSeconds, live } = {}): Promise<FaceVerdict> {
      const streamed = live ? streams.get(live) : undefined;
      const t0 = performance.now();
      checkTemplate(template);
      const judged = await job(
        async (deadline) => {
          const first = await look(video, template, challenge, deadline, 0, stepTimes, maxSeconds, streamed);
          // A challenge refused on liveness alone is read once more, on the frames the first look left out (the two
          // read every frame between them: docs/face-challenge.md; a blink lasts a few frames, and at 12.5 fps which
          // of them are sampled decides whether it is seen; a genuine c01 was refused at one phase and accepted at the
          // other). Only a whole pass of the second look counts, identity and face tracks included, and only with its
          // turn the way the first look's goes (sameTurnWay); otherwise the first look's refusal stands.
          if (!challenge || !first.livenessAlone) return first.verdict;
          const second = await look(video, template, challenge, deadline, SECOND_LOOK_PHASE, stepTimes, maxSeconds).catch((err: unknown) => {
            if (err instanceof FaceInputError) return null; // a clip the other phase cannot read keeps its first verdict
            throw err;
          });
          if (!second?.verdict.success || !sameTurnWay(first.verdict.moves, second.verdict.moves)) return first.verdict;
          const shift = (SECOND_LOOK_PHASE * 1000) / o.sampleFps; // its frame 0 is this far into the clip
          return { ...second.verdict, moves: second.verdict.moves?.map((m) => ({ ...m, at_ms: Math.round(m.at_ms + shift) })) };
        },
        stepTimes ? 'admitted' : 'check',
      ).finally(() => void spares.refill()); // the next ffmpeg starts after this check, not beside its liveness work
      return { ...judged, ms: Math.round(performance.now() - t0) };
    },

    async verifyImage(image, template): Promise<FaceVerdict> {
      const t0 = performance.now();
      checkTemplate(template);
      const judged = await job(async (deadline) => {
        const r = await describePhoto((d, count) => describe(d, count, deadline), image, 1, decodes);
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

export type Describe = (img: RgbImage, count: boolean) => Promise<DescribeResult>;

/**
 * A photo's face, coarse to fine: face-api on the whole photo (framed, at most 640 px); where it sees no face but
 * Human's detector saw exactly one, face-api again on that face's region cut from the full-size photo. A half-body or
 * standing portrait, where the face is a small part of the picture, is found so (docs/benchmarks-history.md, photo recall).
 */
export async function describePhoto(describe: Describe, image: Buffer, label: number, decodes: Slots): Promise<DescribeResult> {
  const whole = await describe(await decodeImage(image, label, decodes), true);
  if (whole.descriptor || whole.faces !== 1 || !whole.box) return whole;
  const crop = await describe(await decodeFaceCrop(image, whole.box, label, decodes), false);
  return crop.descriptor ? { ...crop, faces: 1, box: whole.box } : whole;
}
