import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixture, hasFixtures, NO_FIXTURES_MESSAGE } from '../../../tests/helpers/fixtures';
import { decodeVideo } from './decode-video';
import { DECODING, DONE, END, FAILED, FRAMES, liveFrameSource, newSignal, STATE, type LiveFrames } from './live-frames';

const clipOf = (frames: number, state: number) => {
  const signal = newSignal();
  Atomics.store(signal, FRAMES, frames);
  Atomics.store(signal, STATE, state);
  const live: LiveFrames = { buffer: new SharedArrayBuffer(40 * 12), signal: signal.buffer as SharedArrayBuffer, frameBytes: 12, width: 2, height: 2 };
  const bytes = new Uint8Array(live.buffer);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(i / 12); // each frame's bytes hold its index
  return { live, signal };
};

describe('the first worker reading a clip as it is decoded', () => {
  it('keeps half of the frames it has not reached when the decode ends, and the rest is left to the others', () => {
    const { live, signal } = clipOf(38, DONE);
    const frame = liveFrameSource(live);
    expect(frame(10)![0]).toBe(10); // the view of frame 10
    expect(Atomics.load(signal, END) - 1).toBe(24); // 10 + half of the 28 from 10 on
    expect(frame(23)![0]).toBe(23);
    expect(frame(24)).toBeNull();
  });

  it('reads everything when too few frames would be left for the others', () => {
    const { live, signal } = clipOf(38, DONE);
    expect(liveFrameSource(live)(33)).not.toBeNull();
    expect(Atomics.load(signal, END) - 1).toBe(38);
  });

  it('stops waiting for a decode that takes too long, keeping the frames it has and leaving the rest to the others', () => {
    const { live, signal } = clipOf(5, DECODING);
    const frame = liveFrameSource(live, 120);
    expect(frame(4)![0]).toBe(4);
    const started = Date.now();
    expect(frame(6)).toBeNull(); // frames 5 and 6 never come
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    expect(Atomics.load(signal, END) - 1).toBe(5);
    expect(frame(4)![0]).toBe(4);
    expect(frame(5)).toBeNull();
  });

  it('stops at a failed decode', () => {
    const { live } = clipOf(20, FAILED);
    expect(liveFrameSource(live)(3)).toBeNull();
  });
});

describe.skipIf(!hasFixtures)('frames published while ffmpeg decodes', () => {
  if (!hasFixtures) console.warn(NO_FIXTURES_MESSAGE);
  it('announces the frame buffer before the first frame, and complete frames as they come, before the decode ends', async () => {
    const seen: number[] = [];
    let live: LiveFrames | null = null;
    let timer: NodeJS.Timeout | undefined;
    const v = await decodeVideo(fs.readFileSync(fixture('clips', 'aoc_3blinks_3s.webm')), {
      fps: 12.5,
      timeoutMs: 20_000,
      onFrames: (l) => {
        live = l;
        const signal = new Int32Array(l.signal);
        seen.push(Atomics.load(signal, FRAMES));
        timer = setInterval(() => seen.push(Atomics.load(signal, FRAMES)), 2);
      },
    });
    clearInterval(timer);
    try {
      const signal = new Int32Array(live!.signal);
      expect(seen[0]).toBe(0);
      expect(seen.some((n) => n > 0 && n < 38)).toBe(true); // some frames were readable before the last one
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      expect([Atomics.load(signal, FRAMES), Atomics.load(signal, STATE)]).toEqual([38, DONE]);
      expect(live!.buffer).toBe(v.frames[0].buffer);
    } finally {
      v.release();
    }
  });
});
