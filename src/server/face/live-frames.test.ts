import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixture, hasFixtures, NO_FIXTURES_MESSAGE } from '@harness/face-fixtures';
import { decodeVideo } from './decoding/index';
import { DECODING, DONE, FAILED, FRAMES, liveFrameSource, newSignal, STATE, type LiveFrames } from './live-frames';
import { SEGMENT_FRAMES } from './segments';

const clipOf = (frames: number, state: number) => {
  const signal = newSignal();
  Atomics.store(signal, FRAMES, frames);
  Atomics.store(signal, STATE, state);
  const live: LiveFrames = { buffer: new SharedArrayBuffer(40 * 12), signal: signal.buffer as SharedArrayBuffer, frameBytes: 12, width: 2, height: 2 };
  const bytes = new Uint8Array(live.buffer);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(i / 12); // each frame's bytes hold its index
  return { live, signal };
};

describe('a worker reading its run of a clip as it is decoded', () => {
  it('gives the frames of its run as they are decoded, counted from its start, and nothing past its end', () => {
    const { live } = clipOf(38, DONE);
    const frame = liveFrameSource(live, SEGMENT_FRAMES);
    expect(frame(0)![0]).toBe(SEGMENT_FRAMES); // the view of frame 19
    expect(frame(18)![0]).toBe(37);
    expect(frame(19)).toBeNull();
  });

  it('does not guess whether a frame past its nominal end is in its run: it waits for the decode to say', () => {
    const { live, signal } = clipOf(SEGMENT_FRAMES + 2, DECODING);
    const frame = liveFrameSource(live, 0, 100);
    expect(frame(SEGMENT_FRAMES - 1)![0]).toBe(SEGMENT_FRAMES - 1);
    // frame 19 is in run 0 only if the clip ends within MIN_TAIL frames: not known while the decode goes on
    expect(frame(SEGMENT_FRAMES)).toBeNull(); // after its wait, as a run cut short
    Atomics.store(signal, STATE, DONE);
    expect(frame(SEGMENT_FRAMES)![0]).toBe(SEGMENT_FRAMES);
    expect(frame(SEGMENT_FRAMES + 2)).toBeNull();
  });

  it('stops waiting for a decode that takes too long: every frame not yet in is then missing, so the run reads short', () => {
    const { live, signal } = clipOf(5, DECODING);
    const frame = liveFrameSource(live, 0, 120);
    expect(frame(4)![0]).toBe(4);
    expect(frame(6)).toBeNull(); // frames 5 and 6 never come
    Atomics.store(signal, FRAMES, 7);
    expect(frame(4)![0]).toBe(4);
    expect(frame(8)).toBeNull();
  });

  it('stops at a failed decode', () => {
    const { live } = clipOf(20, FAILED);
    expect(liveFrameSource(live, 0)(3)).toBeNull();
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
