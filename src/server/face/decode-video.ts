import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MAX_VIDEO_BYTES, MAX_VIDEO_SECONDS } from '../../shared/constants';
import { FRAME_MAX_HEIGHT, FRAME_MAX_WIDTH, VIDEO_MIN_SECONDS } from './config';
import { FaceInputError } from './errors';
import { CORRUPT_PATTERN, ffmpegPath, parseStreamInfo, UPLOAD_INPUT_ARGS } from './ffmpeg';
import { FrameSink } from './frame-sink';
import { ramFramesDir } from './frames-dir';

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

/**
 * Decodes an uploaded webm/mp4 with ffmpeg into raw RGB frames on a pipe, at `fps` and at most 640x480.
 * One ffmpeg run: its header lines give duration and frame size before the first frame arrives.
 * A webm is piped in from memory; anything else goes to a temp file, because mp4 may keep its index at the end (a
 * pipe cannot seek). A process killed mid-check leaves that file behind: sweepStaleUploads removes it at next start.
 */
export async function decodeVideo(video: Buffer, opts: { fps: number; timeoutMs: number; ramDir?: string }): Promise<DecodedVideo> {
  if (video.length === 0) throw new FaceInputError('video_empty');
  if (video.length > MAX_VIDEO_BYTES) throw new FaceInputError('video_too_large');
  const started = performance.now();
  const prefix = `${TEMP_PREFIX}${process.pid}-`;
  const dir = isMatroska(video) ? null : await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  const ram = await ramFramesDir(prefix, maxFrames(opts.fps) * FRAME_MAX_WIDTH * FRAME_MAX_HEIGHT * 3, opts.ramDir);
  try {
    let input = 'pipe:0';
    if (dir) {
      input = path.join(dir, 'upload');
      await fs.writeFile(input, video, { mode: 0o600 });
    }
    const { sink, width, height } = await runFfmpeg(input, dir ? null : video, opts, ram && path.join(ram, 'frames'));
    const frames = sink.frames();
    if (frames.length < VIDEO_MIN_SECONDS * opts.fps) {
      sink.release();
      throw new FaceInputError('video_too_short');
    }
    return { frames, width, height, fps: opts.fps, ms: performance.now() - started, release: () => sink.release() };
  } finally {
    await Promise.all([dir, ram].map((d) => d && fs.rm(d, { recursive: true, force: true })));
  }
}

/** Frames of the longest allowed clip, and one more to tell it from a longer one. */
const maxFrames = (fps: number) => Math.floor(MAX_VIDEO_SECONDS * fps) + 2;

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

/** ffmpeg's frames go to `out` (a file in RAM, frames-dir.ts) when given, else to a pipe read as it streams. */
function runFfmpeg(
  input: string,
  stdin: Buffer | null,
  opts: { fps: number; timeoutMs: number },
  out: string | null,
): Promise<{ sink: FrameSink; width: number; height: number }> {
  const scale = `scale=w='min(${FRAME_MAX_WIDTH},iw)':h='min(${FRAME_MAX_HEIGHT},ih)':force_original_aspect_ratio=decrease`;
  const args = [
    '-hide_banner',
    '-nostats',
    '-nostdin',
    ...UPLOAD_INPUT_ARGS,
    '-i',
    input,
    '-an',
    '-sn',
    '-vf',
    `fps=${opts.fps},${scale}`,
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    // to a file, one frame past the limit is enough to tell a clip is too long
    ...(out ? ['-frames:v', String(maxFrames(opts.fps) + 1), out] : ['pipe:1']),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), args, { stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin.on('error', () => {}); // EPIPE when ffmpeg refuses the input early: its exit says why
    child.stdin.end(stdin ?? undefined);
    let stderr = '';
    let sink: FrameSink | null = null;
    let width = 0;
    let height = 0;
    let pending: Buffer[] = []; // stdout bytes that arrive before the size is known
    let failure: Error | null = null;
    const fail = (err: Error) => {
      failure ??= err;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => fail(new FaceInputError('decode_timeout')), opts.timeoutMs);

    const learnSize = () => {
      const info = parseStreamInfo(stderr);
      if (info.durationSec !== null && info.durationSec > MAX_VIDEO_SECONDS + 0.05) fail(new FaceInputError('video_too_long'));
      if (!sink && info.outWidth && info.outHeight) {
        width = info.outWidth;
        height = info.outHeight;
        sink = new FrameSink(width * height * 3, maxFrames(opts.fps));
        const early = pending;
        pending = [];
        for (const chunk of early) take(chunk);
      }
    };
    const take = (chunk: Buffer) => {
      if (!failure && !sink!.write(chunk)) fail(new FaceInputError('video_too_long'));
    };

    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (s: string) => {
      if (stderr.length < 64_000) stderr += s;
      if (!sink) learnSize();
    });
    child.stdout.on('data', (chunk: Buffer) => (sink ? take(chunk) : pending.push(chunk)));
    child.on('error', (err) => fail(err));
    child.on('close', async (code) => {
      clearTimeout(timer);
      if (!sink) learnSize();
      if (out && sink && !failure) {
        const whole = await sink.readFile(out).catch((err: Error) => err);
        if (whole !== true) failure = whole || new FaceInputError('video_too_long');
      }
      const info = parseStreamInfo(stderr);
      const error = failure
        ? failure
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
