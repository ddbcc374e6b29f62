import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, hasFixtures, NO_FIXTURES_MESSAGE } from '../../../tests/helpers/fixtures';
import { decodeVideo } from './decode-video';
import { FaceInputError } from './errors';
import { ffmpegPath } from './ffmpeg';
import { MSG } from '../../shared/messages';

const OPTS = { fps: 12.5, timeoutMs: 10_000 };
let dir: string;
/** Makes a test video with ffmpeg's own test pattern (no fixture needed). */
const make = (name: string, args: string[]) => {
  const file = path.join(dir, name);
  execFileSync(ffmpegPath(), ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25', ...args, file]);
  return fs.readFileSync(file);
};
const rejects = async (video: Buffer, message: string) => {
  const err = await decodeVideo(video, OPTS).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(FaceInputError);
  expect((err as Error).message).toBe(message);
};

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'face-decode-test-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('decodeVideo', () => {
  it('decodes webm and mp4 into evenly spaced RGB frames', async () => {
    const webm = await decodeVideo(make('ok.webm', ['-t', '3', '-c:v', 'libvpx']), OPTS);
    expect(webm.frames).toHaveLength(38); // 3 s at 12.5 fps
    expect([webm.width, webm.height]).toEqual([320, 240]);
    expect(webm.frames[0].length).toBe(320 * 240 * 3);
    webm.release();
    const mp4 = await decodeVideo(make('ok.mp4', ['-t', '2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p']), OPTS);
    expect(mp4.frames.length).toBeGreaterThanOrEqual(25);
    mp4.release();
  });

  it('reads a webm without a duration in its header, as browsers record them', async () => {
    // written to a pipe, the muxer cannot go back to fill in the duration: like MediaRecorder output
    const bytes = execFileSync(ffmpegPath(), ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=30', '-t', '3', '-c:v', 'libvpx', '-f', 'webm', 'pipe:1']);
    const v = await decodeVideo(bytes, OPTS);
    expect(v.frames.length).toBeGreaterThanOrEqual(37);
    v.release();
  });

  it('refuses an empty file, a file over 5 MB, and a text file named .webm', async () => {
    await rejects(Buffer.alloc(0), MSG.face.videoEmpty);
    await rejects(Buffer.alloc(6 * 1024 * 1024, 1), MSG.face.videoTooLarge);
    await rejects(Buffer.from('this is not a video, just text in a file named clip.webm\n'), MSG.face.notAVideo);
  });

  it('refuses a video longer than 10 s, with or without a duration header', async () => {
    await rejects(make('long.webm', ['-t', '12', '-c:v', 'libvpx', '-b:v', '100k']), MSG.face.videoTooLong);
    const headerless = execFileSync(ffmpegPath(), ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10', '-t', '12', '-c:v', 'libvpx', '-f', 'webm', 'pipe:1']);
    await rejects(headerless, MSG.face.videoTooLong);
  });

  it('refuses a truncated webm', async () => {
    const whole = make('whole.webm', ['-t', '3', '-c:v', 'libvpx', '-b:v', '300k']);
    await rejects(whole.subarray(0, Math.floor(whole.length / 2)), MSG.face.videoCorrupt);
    await rejects(whole.subarray(0, 2000), MSG.face.videoCorrupt);
  });

  it('refuses a still image sent as a video', async () => {
    const png = path.join(dir, 'still.png');
    execFileSync(ffmpegPath(), ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240', '-frames:v', '1', png]);
    await rejects(fs.readFileSync(png), MSG.face.videoTooShort);
  });
});

describe.skipIf(!hasFixtures)('decodeVideo on the fixture clips', () => {
  if (!hasFixtures) console.warn(NO_FIXTURES_MESSAGE);
  it('gives 38 frames of 640x480 for each 3-s clip', async () => {
    for (const clip of ['aoc_3blinks_3s', 'mcguinness_0blinks_3s', 'spoof_print_attack_3s', 'spoof_screen_replay_3s']) {
      const v = await decodeVideo(fs.readFileSync(fixture('clips', `${clip}.webm`)), OPTS);
      expect([v.frames.length, v.width, v.height]).toEqual([38, 640, 480]);
      v.release();
    }
  });

  it('refuses the aoc clip cut in half', async () => {
    const bytes = fs.readFileSync(fixture('clips', 'aoc_3blinks_3s.webm'));
    await rejects(bytes.subarray(0, Math.floor(bytes.length / 2)), MSG.face.videoCorrupt);
  });
});
