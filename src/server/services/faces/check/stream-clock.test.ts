import { describe, expect, it } from 'vitest';
import { FACE_STREAM_MAX_LEAD_MS, FACE_STREAM_MAX_STALL_MS } from '@shared/face/face-stream';
import type { WebmBlock } from './webm-blocks';
import { type ChunkArrival, streamClock } from './stream-clock';

/** A 25-fps recording of `seconds`, one block of 1000 bytes per frame, media time from `t0`. */
const blocks = (seconds: number, t0 = 0): WebmBlock[] =>
  Array.from({ length: seconds * 25 }, (_, i) => ({ offset: 100 + i * 1000, timeMs: t0 + i * 40, keyframe: i === 0 }));
/** Chunks of 250 ms of frames (the header rides in the first), each arriving `latency` after its last frame could be recorded. */
const live = (seconds: number, start: number, latency = 30): ChunkArrival[] =>
  Array.from({ length: seconds * 4 }, (_, k) => ({ offset: k === 0 ? 0 : 100 + Math.ceil((k * 250) / 40) * 1000, at: start + (k + 1) * 250 + latency }));

describe('streamClock', () => {
  it('puts instructions on the video clock from the frames that came before the first of them', () => {
    const clock = streamClock(blocks(8), live(8, 10_000), [11_500, 13_000]);
    expect(clock.ok).toBe(true);
    if (!clock.ok) return;
    // frame 0 was recorded no later than 10_000 + 250 + 30 - (its chunk's last frame time): the instructions fall
    // that far into the clip, whatever latency came later
    expect(clock.stepTimes[1] - clock.stepTimes[0]).toBe(1500);
    expect(clock.stepTimes[0]).toBeGreaterThan(1200);
    expect(clock.stepTimes[0]).toBeLessThan(1500);
  });

  it('the same chunks and instruction times give the same windows', () => {
    const a = streamClock(blocks(6, 500), live(6, 0), [1500, 3000, 4500]);
    const b = streamClock(blocks(6, 500), live(6, 0), [1500, 3000, 4500]);
    expect(a).toEqual(b);
  });

  it('refuses a recording pushed faster than real time', () => {
    const pushed: ChunkArrival[] = Array.from({ length: 24 }, (_, k) => ({ offset: k * 6000, at: 10_000 + k * 5 }));
    expect(streamClock(blocks(6), pushed, [11_500])).toMatchObject({ ok: false, reason: 'stream_too_fast' });
    // at real time it is accepted, and a little early (within the lead allowed) too
    const early = live(6, 10_000, -FACE_STREAM_MAX_LEAD_MS + 300);
    expect(streamClock(blocks(6), early, [11_500]).ok).toBe(true);
  });

  it('refuses a stream held back past the stall allowance after the first instruction (filled in once it was known)', () => {
    const chunks = live(8, 10_000);
    const held = chunks.map((c, k) => (k >= 8 ? { ...c, at: c.at + FACE_STREAM_MAX_STALL_MS + 200 } : c));
    expect(streamClock(blocks(8), held, [11_500])).toMatchObject({ ok: false, reason: 'stream_stalled' });
    expect(streamClock(blocks(8), [], [11_500])).toMatchObject({ ok: false, reason: 'stream_unreadable' });
  });
});
