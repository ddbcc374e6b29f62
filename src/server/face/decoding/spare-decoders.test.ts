import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixture, hasFixtures, NO_FIXTURES_MESSAGE } from '@harness/face-fixtures';
import { decodeVideo, webmDecoderPlan } from './decode-video';
import { FaceInputError } from '../errors';
import { RAM_DIR } from './frames-dir';
import { SpareDecoders } from './spare-decoders';

const OPTS = { fps: 12.5, timeoutMs: 10_000 };
/** This process's ffmpeg children (the spares waiting). */
const ffmpegChildren = () =>
  spawnSync('pgrep', ['-P', String(process.pid), 'ffmpeg'], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean);
const ourRamFolders = () => (fs.existsSync(RAM_DIR) ? fs.readdirSync(RAM_DIR).filter((n) => n.startsWith(`rollcall-face-${process.pid}-`)) : []);

describe.skipIf(!hasFixtures)('ffmpegs started ahead of the upload', () => {
  if (!hasFixtures) console.warn(NO_FIXTURES_MESSAGE);
  const clip = () => fs.readFileSync(fixture('clips', 'aoc_3blinks_3s.webm'));
  /** One spare ffmpeg, started and waiting, for `run`; closed after it, whatever happens. */
  const withRefilledSpare = async (run: (spares: SpareDecoders) => Promise<void>) => {
    const spares = new SpareDecoders(1, webmDecoderPlan(OPTS));
    try {
      await spares.refill();
      await run(spares);
    } finally {
      await spares.close();
    }
  };

  it('each serves exactly one upload, with the frames a fresh ffmpeg gives, and a new one waits only once refilled', () =>
    withRefilledSpare(async (spares) => {
      const [pid] = ffmpegChildren();
      expect(spares.waiting).toBe(1);
      const fromSpare = await decodeVideo(clip(), { ...OPTS, spares });
      const fresh = await decodeVideo(clip(), OPTS);
      try {
        expect(spares.waiting).toBe(0); // taken, never handed back
        expect(fromSpare.frames.length).toBe(38);
        expect(fromSpare.frames.map((f, i) => Buffer.compare(f, fresh.frames[i]))).toEqual(fresh.frames.map(() => 0));
      } finally {
        fromSpare.release();
        fresh.release();
      }
      expect(ffmpegChildren()).not.toContain(pid); // it exited with its upload
      await spares.refill();
      expect(ffmpegChildren()).toHaveLength(1);
      expect(ffmpegChildren()[0]).not.toBe(pid);
    }));

  it('a spare killed while it waited: the upload goes to a fresh ffmpeg and is decoded', () =>
    withRefilledSpare(async (spares) => {
      const [pid] = ffmpegChildren();
      process.kill(Number(pid), 'SIGKILL');
      const v = await decodeVideo(clip(), { ...OPTS, spares });
      expect(v.frames.length).toBe(38);
      v.release();
    }));

  it('a text file named .webm is still refused as not a video by a spare', () =>
    withRefilledSpare(async (spares) => {
      const notVideo = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from('hello, this is not a video at all')]);
      const err = await decodeVideo(notVideo, { ...OPTS, spares }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(FaceInputError);
      expect((err as Error).message).toBe('not_a_video');
    }));

  it('closing kills the waiting ffmpegs and removes their folders in RAM', async () => {
    const spares = new SpareDecoders(2, webmDecoderPlan(OPTS));
    await spares.refill();
    expect(ffmpegChildren()).toHaveLength(2);
    await spares.close();
    await new Promise((r) => setTimeout(r, 200));
    expect(ffmpegChildren()).toEqual([]);
    expect(ourRamFolders()).toEqual([]);
  });
});
