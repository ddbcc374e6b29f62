import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasFixtures, readFixture } from '@harness/face-fixtures';
import { declareFrameSize, makeTestClip, pipedTestClip } from '@tests/helpers/test-clips';
import { FaceInputError } from '../errors';
import { frameTooLarge, readFrameSize, refuseOversizedFrames } from './frame-size';

let dir: string;
let big: Buffer;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'face-frame-size-test-'));
  big = makeTestClip(dir, 'big.webm');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const h264 = (...extra: string[]) => ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', ...extra];
const refusal = (video: Buffer) => {
  try {
    refuseOversizedFrames(video);
    return null;
  } catch (err) {
    return err instanceof FaceInputError ? err.code : err;
  }
};

describe('readFrameSize', () => {
  it.skipIf(!hasFixtures)('reads 640x480 from the fixture webm (a browser recording) and lets it through', () => {
    const clip = readFixture('clips', 'aoc_3blinks_3s.webm');
    expect(readFrameSize(clip)).toEqual({ width: 640, height: 480 });
    expect(refusal(clip)).toBeNull();
  });

  it('reads a 3840x2160 webm from its header and refuses it', () => {
    expect(readFrameSize(big)).toEqual({ width: 3840, height: 2160 });
    expect(refusal(big)).toBe('video_frame_too_large');
  });

  it('reads a webm streamed to a pipe (elements of unknown size, as MediaRecorder writes)', () => {
    const piped = pipedTestClip({ size: '2048x1080', rate: 2, seconds: 1 });
    expect(readFrameSize(piped)).toEqual({ width: 2048, height: 1080 });
    expect(refusal(piped)).toBe('video_frame_too_large');
  });

  it('reads mp4 (index at the end, and at the start) and mov, with an audio track beside the video', () => {
    const withSound = (name: string, size: string, extra: string[] = []) =>
      makeTestClip(dir, name, {
        size,
        seconds: 0.5,
        codec: ['-f', 'lavfi', '-i', 'sine', '-t', '1', '-map', '0:v', '-map', '1:a', ...h264(...extra), '-c:a', 'aac'],
      });
    expect(readFrameSize(withSound('end.mp4', '320x240'))).toEqual({ width: 320, height: 240 });
    expect(readFrameSize(withSound('start.mp4', '2560x1440', ['-movflags', '+faststart']))).toEqual({ width: 2560, height: 1440 });
    expect(readFrameSize(withSound('clip.mov', '1280x720'))).toEqual({ width: 1280, height: 720 });
  });

  it('takes the sample entry over a tkhd that claims less', () => {
    const mp4 = makeTestClip(dir, 'lying.mp4', { seconds: 0.5, codec: h264() });
    // tkhd ends with width and height in 16.16: rewrite them to 640x480
    const tkhd = mp4.indexOf('tkhd');
    const end = tkhd - 4 + mp4.readUInt32BE(tkhd - 4);
    mp4.writeUInt32BE(640 << 16, end - 8);
    mp4.writeUInt32BE(480 << 16, end - 4);
    expect(readFrameSize(mp4)).toEqual({ width: 3840, height: 2160 });
  });

  it('reads the size a webm header claims: a lie is for the decoder to catch', () => {
    const lying = declareFrameSize(big, [3840, 2160], [640, 480]);
    expect(readFrameSize(lying)).toEqual({ width: 640, height: 480 });
  });

  it('answers null, never throws, for text, a cut header and random bytes', () => {
    expect(readFrameSize(Buffer.from('not a video at all'))).toBeNull();
    const clip = makeTestClip(dir, 'small.webm', { size: '320x240', seconds: 1, rate: 10 });
    for (let cut = 0; cut < 400; cut += 7) expect(() => readFrameSize(clip.subarray(0, cut))).not.toThrow();
    const ebml = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
    const ftyp = Buffer.from('\0\0\0\x08ftyp', 'latin1');
    for (let i = 0; i < 200; i++) {
      const noise = crypto.randomBytes(4096);
      expect(() => readFrameSize(Buffer.concat([ebml, noise]))).not.toThrow();
      expect(() => readFrameSize(Buffer.concat([ftyp, noise]))).not.toThrow();
    }
  });
});

describe('frameTooLarge', () => {
  it('allows up to 1920x1080 in either orientation', () => {
    expect(frameTooLarge({ width: 1920, height: 1080 })).toBe(false);
    expect(frameTooLarge({ width: 1080, height: 1920 })).toBe(false);
    expect(frameTooLarge({ width: 1921, height: 1080 })).toBe(true);
    expect(frameTooLarge({ width: 1080, height: 1921 })).toBe(true);
    expect(frameTooLarge({ width: 1200, height: 1200 })).toBe(true);
  });
});
