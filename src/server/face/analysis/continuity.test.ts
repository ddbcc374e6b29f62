import { describe, expect, it } from 'vitest';
import { faceTracks, TRACK_RULES } from './continuity';
import type { FrameReading } from '../protocol';

const at = (x: number, w = 0.3, y = 0.3): FrameReading => ({ faces: 1, left: 0.3, right: 0.3, box: [x, y, w, w * 1.2] });
const none: FrameReading = { faces: 0, left: null, right: null };

describe('faceTracks', () => {
  it('follows a face that drifts and nods as one track', () => {
    const frames = Array.from({ length: 38 }, (_, i) => at(0.3 + 0.01 * Math.sin(i), 0.3 + 0.005 * Math.cos(i)));
    expect(faceTracks(frames)).toEqual([{ start: 0, end: 37 }]);
  });

  it('starts a new track where the face is gone for a frame (a photo taken away)', () => {
    const frames = [at(0.3), at(0.3), at(0.3), none, at(0.32), at(0.32)];
    expect(faceTracks(frames)).toEqual([
      { start: 0, end: 2 },
      { start: 4, end: 5 },
    ]);
  });

  it('starts a new track where the box jumps or changes size at once (a cut)', () => {
    expect(faceTracks([at(0.1), at(0.1), at(0.6), at(0.6)])).toEqual([
      { start: 0, end: 1 },
      { start: 2, end: 3 },
    ]);
    expect(faceTracks([at(0.3, 0.3), at(0.3, 0.3), at(0.2, 0.6), at(0.2, 0.6)])).toEqual([
      { start: 0, end: 1 },
      { start: 2, end: 3 },
    ]);
  });

  it('bridges one frame without a face when asked, if the face after it continues the face before', () => {
    const frames = [at(0.3), at(0.3), none, at(0.31), at(0.31)];
    expect(faceTracks(frames)).toHaveLength(2);
    expect(faceTracks(frames, { ...TRACK_RULES, maxGapFrames: 1 })).toEqual([{ start: 0, end: 4 }]);
    expect(faceTracks([at(0.1), at(0.1), none, at(0.6), at(0.6)], { ...TRACK_RULES, maxGapFrames: 1 })).toHaveLength(2);
    expect(faceTracks([at(0.3), none, none, at(0.3)], { ...TRACK_RULES, maxGapFrames: 1 })).toHaveLength(2);
  });
});
