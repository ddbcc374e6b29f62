import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { heldOrder, type StillEnds } from '../../helpers/challenge-clips';
import { fixture } from '../../helpers/fixtures';

/** A camera file (Chromium loops it at its end) and how to tell where it is from its picture. */
export interface CameraClip {
  y4m: string;
  /** each clip frame's picture in small (frameSignature), and the last frame of its still start, the first of its still end */
  signatures: number[][];
  headEnd: number;
  tailStart: number;
  remove(): void;
}

/** A picture in small: its luma averaged over SIG_W x SIG_H blocks, less its mean, over its spread (any brightness scale). */
export const SIG_W = 32;
export const SIG_H = 24;

export function frameSignature(luma: ArrayLike<number>, w: number, h: number): number[] {
  const out = new Array<number>(SIG_W * SIG_H).fill(0);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out[Math.floor((y * SIG_H) / h) * SIG_W + Math.floor((x * SIG_W) / w)] += luma[y * w + x];
  const mean = out.reduce((a, b) => a + b, 0) / out.length;
  const sd = Math.sqrt(out.reduce((a, b) => a + (b - mean) ** 2, 0) / out.length) || 1;
  return out.map((v) => (v - mean) / sd);
}

/**
 * A Chromium fake-camera copy (320x240 I420 y4m, as faces/challenge/README.md says) of a challenge clip, made into a
 * temp dir (the fixtures are never copied into the repository): the clip's own still start swung back and forth
 * for `leadInS`, the clip, its own still end swung for `leadOutS`. Every frame is one of the clip's, in an order a
 * person could move in: the only jump, from the still end back to the still start, is the file's loop, and an
 * attempt started in the lead-in ends before it (a real camera never jumps; the plain clip looped made its cut part
 * of most recordings: docs/face-challenge.md).
 */
export function challengeCameraClip(clip: string, still: StillEnds): CameraClip {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-camera-'));
  const plain = path.join(dir, `${clip}.plain.y4m`);
  execFileSync(ffmpeg.path, [
    '-loglevel',
    'error',
    '-i',
    fixture('challenge', `${clip}.webm`),
    '-vf',
    'scale=320:240',
    '-pix_fmt',
    'yuv420p',
    '-f',
    'yuv4mpegpipe',
    plain,
  ]);
  const { header, frames } = readY4m(fs.readFileSync(plain));
  fs.rmSync(plain);
  const { order, headEnd, tailStart } = heldOrder(frames.length, still);
  const y4m = path.join(dir, `${clip}.y4m`);
  fs.writeFileSync(y4m, Buffer.concat([header, ...order.flatMap((i) => [FRAME_MARK, frames[i]])]));
  const w = Number(/ W(\d+)/.exec(header.toString())?.[1]);
  const h = Number(/ H(\d+)/.exec(header.toString())?.[1]);
  return {
    y4m,
    signatures: frames.map((f) => frameSignature(f.subarray(0, w * h), w, h)),
    headEnd,
    tailStart,
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

const FRAME_MARK = Buffer.from('FRAME\n');

/** A y4m's header line and its frames' bytes (ffmpeg writes plain FRAME lines, 4:2:0: 1.5 bytes a pixel). */
function readY4m(file: Buffer): { header: Buffer; frames: Buffer[] } {
  const headerEnd = file.indexOf(0x0a) + 1;
  const header = file.subarray(0, headerEnd);
  const w = Number(/ W(\d+)/.exec(header.toString())?.[1]);
  const h = Number(/ H(\d+)/.exec(header.toString())?.[1]);
  const size = (w * h * 3) / 2;
  const frames: Buffer[] = [];
  for (let at = headerEnd; at < file.length; at += FRAME_MARK.length + size) {
    if (!file.subarray(at, at + FRAME_MARK.length).equals(FRAME_MARK)) throw new Error('y4m frame without a plain FRAME line');
    frames.push(file.subarray(at + FRAME_MARK.length, at + FRAME_MARK.length + size));
  }
  return { header, frames };
}

/** The time of a webm's last frame, as ffmpeg reads it (no resampling): how long the page recorded. */
export function videoSeconds(video: Buffer): number {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-probe-')), 'clip.webm');
  fs.writeFileSync(file, video);
  const r = spawnSync(ffmpeg.path, ['-hide_banner', '-i', file, '-vsync', 'passthrough', '-vf', 'showinfo', '-f', 'null', '-'], { encoding: 'utf8' });
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return Math.max(...[...r.stderr.matchAll(/pts_time:([\d.]+)/g)].map((m) => Number(m[1])));
}
