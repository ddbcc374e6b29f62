import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MAX_VIDEO_BYTES, MAX_VIDEO_SECONDS } from '@shared/constants';
import { FRAME_MAX_HEIGHT, FRAME_MAX_WIDTH, VIDEO_MIN_SECONDS } from '../config';
import { FaceInputError } from '../errors';
import { CORRUPT_PATTERN, OVERSIZED_FRAME_PATTERN, parseStreamInfo, UPLOAD_INPUT_ARGS } from './ffmpeg';
import { FrameSink } from './frame-sink';
import { frameTooLarge, refuseOversizedFrames } from './frame-size';
import type { LiveFrames } from '../live-frames';
import { ramFramesDir } from './frames-dir';
import { startDecoder, type DecoderPlan, type SpareDecoders, type StartedDecoder } from './spare-decoders';

export interface DecodedVideo {
  width: number;
  height: number;
  fps: number;
  /**
   * RGB24 frames, evenly spaced at `fps` (ffmpeg's fps filter evens out browsers' variable frame timing), as views
   * on one SharedArrayBuffer: workers read them without a copy, and one large block is freed whole afterwards.
   */
  frames: Uint8Array[];
  ms: number;
  /** Returns the frame buffer for reuse: call once the frames are no longer read. */
  release(): void;
}

/** Temp folders for mp4 uploads: `rollcall-face-<pid>-XXXXXX`, so a later start can tell whose they are. */
const TEMP_PREFIX = 'rollcall-face-';
const LEGACY_STALE_MS = 10 * 60_000;

/** Matroska/webm (what browsers record) starts with the EBML magic and streams from a pipe; mp4 may not. */
const isMatroska = (video: Buffer) => video.length >= 4 && video.readUInt32BE(0) === 0x1a45dfa3;

export interface DecodeOptions {
  fps: number;
  /**
   * Where the samples fall, as a fraction of one sample's time: 0 takes the clip's first frame, 0.5 the frames
   * halfway between (at 12.5 fps from a 25-fps recording, the odd frames instead of the even ones), so that the two
   * read each frame once. The engine's second look at a clip (engine.ts).
   */
  phase?: 0 | 0.5;
  timeoutMs: number;
  /** where frames go in RAM (frames-dir.ts); /dev/shm by default */
  ramDir?: string;
  /** ffmpegs started ahead (spare-decoders.ts): a webm goes to one of them when one waits */
  spares?: SpareDecoders;
  /** called once the frame size is known, before the first frame: for a worker to read them as they come */
  onFrames?: (live: LiveFrames) => void;
  /** the longest clip accepted: MAX_VIDEO_SECONDS for an upload; the live check's stream is longer (face-stream.ts) */
  maxSeconds?: number;
}

const prefix = () => `${TEMP_PREFIX}${process.pid}-`;

/** What an ffmpeg for a webm on stdin needs before the upload exists: the engine starts spares from it. */
export function webmDecoderPlan(opts: Pick<DecodeOptions, 'fps' | 'ramDir' | 'maxSeconds'>): DecoderPlan {
  return {
    fps: opts.fps,
    makeDir: () => ramFramesDir(prefix(), maxFrames(opts.fps, opts.maxSeconds) * FRAME_MAX_WIDTH * FRAME_MAX_HEIGHT * 3, opts.ramDir),
    args: (out) => ffmpegArgs('pipe:0', opts.fps, out, 0, opts.maxSeconds),
  };
}

/**
 * Decodes an uploaded webm/mp4 with ffmpeg into raw RGB frames, at `fps` and at most 640x480.
 * One ffmpeg run: its header lines give duration and frame size before the first frame arrives.
 * A webm is piped in from memory, to a spare ffmpeg already started when one waits; anything else goes to a temp
 * file, because mp4 may keep its index at the end (a pipe cannot seek). A process killed mid-check leaves that file
 * behind: sweepStaleUploads removes it at next start.
 */
export async function decodeVideo(video: Buffer, opts: DecodeOptions): Promise<DecodedVideo> {
  if (video.length === 0) throw new FaceInputError('video_empty');
  if (video.length > MAX_VIDEO_BYTES) throw new FaceInputError('video_too_large');
  refuseOversizedFrames(video);
  const started = performance.now();
  const webm = isMatroska(video);
  // spares are started for the first look of an upload, which takes the clip's first frame
  const spare = webm && !opts.phase && !opts.maxSeconds ? (opts.spares?.take(opts.fps) ?? null) : null;
  const dir = webm ? null : await fs.mkdtemp(path.join(os.tmpdir(), prefix()));
  let ram = spare ? spare.dir : null;
  try {
    let decoder: StartedDecoder;
    if (spare) decoder = spare;
    else {
      ram = await webmDecoderPlan(opts).makeDir();
      let input = 'pipe:0';
      if (dir) {
        input = path.join(dir, 'upload');
        await fs.writeFile(input, video, { mode: 0o600 });
      }
      const out = ram && path.join(ram, 'frames');
      decoder = { child: startDecoder(ffmpegArgs(input, opts.fps, out, opts.phase, opts.maxSeconds)), out, dir: ram };
    }
    const decoded = await runFfmpeg(decoder, dir ? null : video, opts).catch((err: unknown) => {
      if (!(err instanceof DecoderLostError)) throw err;
      // a spare that died waiting says nothing about the upload: it gets a fresh ffmpeg
      if (spare) return null;
      throw new FaceInputError('not_a_video');
    });
    if (!decoded) return await decodeVideo(video, { ...opts, spares: undefined });
    return finishedVideo(decoded, opts.fps, started);
  } finally {
    await Promise.all([dir, ram].map((d) => d && fs.rm(d, { recursive: true, force: true })));
  }
}

/** A finished decode's frames as the engine takes them, `started` being when the decode began; too few: too short. */
function finishedVideo({ sink, width, height }: { sink: FrameSink; width: number; height: number }, fps: number, started: number): DecodedVideo {
  const frames = sink.frames();
  if (frames.length < VIDEO_MIN_SECONDS * fps) {
    sink.release();
    throw new FaceInputError('video_too_short');
  }
  sink.done();
  return { frames, width, height, fps, ms: performance.now() - started, release: () => sink.release() };
}

/** A video decoded as it arrives (the live check's stream): its chunks written in order, then ended. */
export interface LiveDecode {
  write(chunk: Buffer): void;
  end(): void;
  /** stops the decoder; `decoded` then rejects */
  abort(): void;
  /** the frames decoded so far (a count in a shared signal, live-frames.ts), once the frame size is known */
  frames(): LiveFrames | null;
  /** the whole clip once ended, exactly as decodeVideo gives it for the same bytes (same ffmpeg, same arguments) */
  decoded: Promise<DecodedVideo>;
}

/**
 * Starts a decoder for a webm that is still arriving: ffmpeg reads the chunks from its stdin as they are written, so
 * the frames exist while the student moves and the engine may read them before the stream ends. The same arguments
 * as decodeVideo's first look, so the frames are the same bytes whichever way the clip was decoded.
 */
export function decodeLiveVideo(opts: Omit<DecodeOptions, 'phase' | 'spares'> & { maxSeconds: number }): LiveDecode {
  const started = performance.now();
  let live: LiveFrames | null = null;
  let feed: NodeJS.WritableStream | null = null;
  let child: StartedDecoder['child'] | null = null;
  const pending: Buffer[] = [];
  let ended = false;
  let aborted = false;
  let bytes = 0;
  const finish = () => {
    ended = true;
    feed?.end();
  };
  const decoded = (async (): Promise<DecodedVideo> => {
    const ram = await webmDecoderPlan(opts).makeDir();
    try {
      const out = ram && path.join(ram, 'frames');
      const decoder: StartedDecoder = { child: startDecoder(ffmpegArgs('pipe:0', opts.fps, out, 0, opts.maxSeconds)), out, dir: ram };
      child = decoder.child;
      if (aborted) child.kill('SIGKILL');
      const feeder = (input: NodeJS.WritableStream) => {
        feed = input;
        for (const c of pending.splice(0)) input.write(c);
        if (ended) input.end();
      };
      const onFrames = (f: LiveFrames) => {
        live = f;
        opts.onFrames?.(f);
      };
      return finishedVideo(await runFfmpeg(decoder, feeder, { ...opts, onFrames }), opts.fps, started);
    } finally {
      if (ram) await fs.rm(ram, { recursive: true, force: true });
    }
  })();
  decoded.catch(() => undefined);
  return {
    write(chunk) {
      if (ended) return;
      bytes += chunk.length;
      if (bytes > MAX_VIDEO_BYTES) return this.abort();
      if (feed) feed.write(chunk);
      else pending.push(chunk);
    },
    end: finish,
    abort() {
      aborted = true;
      child?.kill('SIGKILL');
      finish();
    },
    frames: () => live,
    decoded,
  };
}

/** An ffmpeg that ended without a word before reading its input: a spare killed while it waited. */
class DecoderLostError extends Error {}

/** Frames of the longest allowed clip, and one more to tell it from a longer one. */
const maxFrames = (fps: number, seconds = MAX_VIDEO_SECONDS) => Math.floor(seconds * fps) + 2;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Removes upload temp folders left by processes that no longer run (killed mid-check: a student's video would
 * otherwise stay on disk). Folders of running processes, this one's included, are left alone.
 */
export async function sweepStaleUploads(tmp = os.tmpdir()): Promise<string[]> {
  const names = (await fs.readdir(tmp).catch(() => [] as string[])).filter((n) => n.startsWith(TEMP_PREFIX));
  const stale: string[] = [];
  for (const n of names) {
    const pid = /^rollcall-face-(\d+)-/.exec(n)?.[1];
    // a folder without a pid was named by an older version, maybe still running: only an old one is surely stale
    const old = async () => Date.now() - (await fs.stat(path.join(tmp, n))).mtimeMs > LEGACY_STALE_MS;
    if (pid ? !alive(Number(pid)) : await old().catch(() => false)) stale.push(n);
  }
  // never throws: a folder it may not remove (another user's) is left, and the engine starts anyway
  const removed = await Promise.all(
    stale.map((n) =>
      fs.rm(path.join(tmp, n), { recursive: true, force: true }).then(
        () => n,
        () => null,
      ),
    ),
  );
  return removed.filter((n) => n !== null);
}

function ffmpegArgs(input: string, fps: number, out: string | null, phase: 0 | 0.5 = 0, maxSeconds?: number): string[] {
  // Both phases take alternate slots of one grid at twice the rate, so together they read every frame of a recording
  // made at up to 2 x fps once. Sampled straight at `fps` with a time shift, browsers' uneven frame times let both
  // phases take the same frame and neither its neighbour: a genuine blink on two frames went unread (c02, loaded).
  const grid = `fps=${fps * 2},${phase ? 'trim=start_frame=1,setpts=PTS-STARTPTS,' : ''}framestep=2`;
  const scale = `scale=w='min(${FRAME_MAX_WIDTH},iw)':h='min(${FRAME_MAX_HEIGHT},ih)':force_original_aspect_ratio=decrease`;
  return [
    '-hide_banner',
    '-nostats',
    '-nostdin',
    // One thread for the decoder and one for the filters: a check's CPU-seconds are what the class burst waits on,
    // and on two cores already busy with checks ffmpeg's thread pools add their start and hand-offs, not speed.
    '-filter_threads',
    '1',
    ...UPLOAD_INPUT_ARGS,
    '-threads',
    '1',
    '-i',
    input,
    '-an',
    '-sn',
    '-vf',
    `${grid},${scale}`,
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    // to a file, one frame past the limit is enough to tell a clip is too long
    ...(out ? ['-frames:v', String(maxFrames(fps, maxSeconds) + 1), out] : ['pipe:1']),
  ];
}

/** Feeds the upload to a started ffmpeg; its frames go to `out` (a file in RAM, frames-dir.ts) when set, else to its stdout, read as it streams. */
function runFfmpeg(
  { child, out }: StartedDecoder,
  stdin: Buffer | null | ((input: NodeJS.WritableStream) => void),
  opts: Pick<DecodeOptions, 'fps' | 'timeoutMs' | 'onFrames' | 'maxSeconds'>,
): Promise<{ sink: FrameSink; width: number; height: number }> {
  return new Promise((resolve, reject) => {
    // spawned with three pipes (startDecoder)
    const [input, stdout, errors] = [child.stdin!, child.stdout!, child.stderr!];
    input.on('error', () => {}); // EPIPE when ffmpeg refuses the input early: its exit says why
    // a live stream is written as it arrives; an upload at once
    if (typeof stdin === 'function') stdin(input);
    else input.end(stdin ?? undefined);
    let stderr = '';
    let recent = '';
    let sink: FrameSink | null = null;
    let width = 0;
    let height = 0;
    let pending: Buffer[] = []; // stdout bytes that arrive before the size is known
    let failure: Error | null = null;
    let exited = false;
    let following: Promise<boolean> | null = null; // the frame file read as ffmpeg writes it
    const fail = (err: Error) => {
      failure ??= err;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => fail(new FaceInputError('decode_timeout')), opts.timeoutMs);

    const learnSize = () => {
      const info = parseStreamInfo(stderr);
      if (info.durationSec !== null && info.durationSec > (opts.maxSeconds ?? MAX_VIDEO_SECONDS) + 0.05) fail(new FaceInputError('video_too_long'));
      // a header this parser could not read, told by ffmpeg's own demuxer before the first frame
      if (info.inWidth && info.inHeight && frameTooLarge({ width: info.inWidth, height: info.inHeight })) fail(new FaceInputError('video_frame_too_large'));
      if (!sink && info.outWidth && info.outHeight) {
        width = info.outWidth;
        height = info.outHeight;
        sink = new FrameSink(width * height * 3, maxFrames(opts.fps, opts.maxSeconds));
        if (out) following = sink.follow(out, () => exited);
        opts.onFrames?.(sink.live(width, height)!);
        const early = pending;
        pending = [];
        for (const chunk of early) take(chunk);
      }
    };
    const take = (chunk: Buffer) => {
      if (!failure && !sink!.write(chunk)) fail(new FaceInputError('video_too_long'));
    };

    errors.setEncoding('utf8');
    errors.on('data', (s: string) => {
      if (stderr.length < 64_000) stderr += s;
      // the decoder met a frame larger than its header said: it decodes none of them, so stop it at once (the
      // whole chunk after the text before it: a line may arrive in pieces, and a chunk may be longer than a line)
      const seen = recent + s;
      recent = seen.slice(-1024);
      if (OVERSIZED_FRAME_PATTERN.test(seen)) fail(new FaceInputError('video_frame_too_large'));
      if (!sink) learnSize();
    });
    stdout.on('data', (chunk: Buffer) => (sink ? take(chunk) : pending.push(chunk)));
    child.on('error', (err) => fail(err));
    child.on('close', async (code) => {
      clearTimeout(timer);
      exited = true;
      if (!sink) learnSize();
      if (following) {
        const whole = await following.catch((err: Error) => err);
        if (whole !== true && !failure) failure = whole || new FaceInputError('video_too_long');
      }
      const info = parseStreamInfo(stderr);
      const error = failure
        ? failure
        : code !== 0 && !stderr
          ? new DecoderLostError() // killed before it read the upload (not by us: `failure` is unset)
          : !info.hasVideo || !sink || (code !== 0 && sink.frames().length === 0)
            ? new FaceInputError('not_a_video')
            : CORRUPT_PATTERN.test(stderr) || code !== 0
              ? new FaceInputError('video_corrupt')
              : null;
      if (!error) return resolve({ sink: sink!, width, height });
      sink?.release();
      reject(error);
    });
  });
}
