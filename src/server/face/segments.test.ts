import { describe, expect, it } from 'vitest';
import { inSegment, MIN_TAIL, SEGMENT_FRAMES, segments } from './segments';

describe("a clip's runs for liveness", () => {
  it('cuts runs of fixed length from the first frame, covering every frame once, whatever the clip length', () => {
    for (let n = 1; n <= 90; n++) {
      const runs = segments(n);
      expect(runs.flatMap(([s, e]) => Array.from({ length: e - s }, (_, i) => s + i))).toEqual(Array.from({ length: n }, (_, i) => i));
      expect(runs.map(([s]) => s)).toEqual(runs.map((_, k) => k * SEGMENT_FRAMES));
      // a short tail joins the run before it
      if (runs.length > 1) expect(n - runs[runs.length - 1][0]).toBeGreaterThanOrEqual(MIN_TAIL);
    }
    expect(segments(38)).toEqual([
      [0, 19],
      [19, 38],
    ]);
    expect(segments(24)).toEqual([[0, 24]]);
    expect(segments(0)).toEqual([]);
  });

  it('tells a live reader whether a frame is in its run only once the decode has shown it', () => {
    // frames still to come: unknown
    expect(inSegment(0, 5, 3, false)).toBeNull();
    expect(inSegment(0, 2, 3, false)).toBe(true);
    // past the nominal end, the run goes on only if the clip ends within MIN_TAIL frames
    expect(inSegment(0, SEGMENT_FRAMES, SEGMENT_FRAMES + 2, false)).toBeNull();
    expect(inSegment(0, SEGMENT_FRAMES, SEGMENT_FRAMES + MIN_TAIL, false)).toBe(false);
    expect(inSegment(0, SEGMENT_FRAMES, SEGMENT_FRAMES + 2, true)).toBe(true);
    // a later run is not known to exist until MIN_TAIL of its frames are in
    expect(inSegment(SEGMENT_FRAMES, SEGMENT_FRAMES, SEGMENT_FRAMES + 1, false)).toBeNull();
    expect(inSegment(SEGMENT_FRAMES, SEGMENT_FRAMES, SEGMENT_FRAMES + MIN_TAIL, false)).toBe(true);
    expect(inSegment(SEGMENT_FRAMES, SEGMENT_FRAMES, SEGMENT_FRAMES + 2, true)).toBe(false);
    // what a run holds, judged live, is what it holds once the clip is whole
    for (const n of [20, 24, 25, 38, 44, 75])
      for (const [s, e] of segments(n))
        for (let i = s; i < n + 2; i++) {
          const whole = i < e;
          for (let seen = 0; seen <= n; seen++) {
            const live = inSegment(s, i, seen, false);
            if (live !== null) expect(live, `run ${s} frame ${i} of ${n} with ${seen} decoded`).toBe(whole);
          }
          expect(inSegment(s, i, n, true)).toBe(whole);
        }
  });
});
