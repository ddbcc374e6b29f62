import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ffmpegPath } from '@server/face/decoding/index';

/** ffmpeg's input of its own test pattern, which draws a frame counter: every frame differs from the others. */
const testPattern = (size: string, rate: number) => ['-f', 'lavfi', '-i', `testsrc=size=${size}:rate=${rate}`];

/**
 * A 3-s clip of ffmpeg's test pattern at `size` (the 3840x2160 by default), made with the engine's ffmpeg in
 * `dir`: never a committed file. Two frames a second by default: encoding 4K costs seconds of CPU per frame's worth
 * on a shared machine, and a refusal needs the header or the first frame only.
 */
export function makeTestClip(dir: string, name: string, opts: { size?: string; seconds?: number; rate?: number; codec?: string[] } = {}): Buffer {
  const file = path.join(dir, name);
  const codec = opts.codec ?? ['-c:v', 'libvpx', '-b:v', '200k', '-deadline', 'realtime', '-cpu-used', '8'];
  execFileSync(ffmpegPath(), ['-v', 'error', '-y', ...testPattern(opts.size ?? '3840x2160', opts.rate ?? 2), '-t', String(opts.seconds ?? 3), ...codec, file]);
  return fs.readFileSync(file);
}

/**
 * `seconds` of the test pattern at `size` and `rate`, VP8 in a webm written to a pipe: unable to seek back, the muxer
 * leaves the duration out of the header, as a browser's MediaRecorder does.
 */
export const pipedTestClip = (opts: { size: string; rate: number; seconds: number }): Buffer =>
  execFileSync(ffmpegPath(), ['-v', 'error', ...testPattern(opts.size, opts.rate), '-t', String(opts.seconds), '-c:v', 'libvpx', '-f', 'webm', 'pipe:1']);

/** Two-byte EBML unsigned integer element (id, size 0x82, value): how ffmpeg writes PixelWidth/PixelHeight. */
const element = (id: number, value: number) => Buffer.from([id, 0x82, value >> 8, value & 0xff]);

/** The webm with its header's PixelWidth/PixelHeight rewritten: a header that lies about the frames' size. */
export function declareFrameSize(webm: Buffer, actual: [number, number], claimed: [number, number]): Buffer {
  const out = Buffer.from(webm);
  for (const [id, k] of [
    [0xb0, 0],
    [0xba, 1],
  ] as const) {
    const at = out.indexOf(element(id, actual[k]));
    if (at < 0) throw new Error(`no 2-byte element 0x${id.toString(16)} = ${actual[k]} in the webm`);
    element(id, claimed[k]).copy(out, at);
  }
  return out;
}
