import { describe, expect, it } from 'vitest';
import { analyseClip, classify, countEnrolledBlinks, faceChanged, nextProbeFrames, windowCandidates, type ProbeDistances } from './clip-identity';
import type { FrameReading } from '../protocol';
import { CHALLENGE_BLINKS } from './challenge';

const FPS = 12.5;
/** 38 frames of one steady face; eyes closed at `closed` frames. */
function clip(closed: number[], n = 38): FrameReading[] {
  return Array.from({ length: n }, (_, i) => {
    const eye = closed.includes(i) ? 0.12 : 0.4 * (1 + 0.02 * Math.sin(i));
    return { faces: 1, left: eye, right: eye, box: [0.3, 0.2, 0.35, 0.45] };
  });
}
const opts = { threshold: 0.5, minBlinks: 1, sharpest: (f: number[]) => f[0] };

describe('identity across the clip', () => {
  it('finds each blink with the open frames either side of it', () => {
    expect(analyseClip(clip([10, 11, 25]), FPS).blinks).toEqual([
      { before: 9, after: 12 },
      { before: 24, after: 26 },
    ]);
  });

  it("asks for a blink's flanks once every track has an identity frame, and stops when the blink is confirmed", () => {
    const a = analyseClip(clip([10, 11]), FPS);
    const probes: ProbeDistances = new Map([[20, 0.2]]);
    expect(nextProbeFrames(a, probes, opts)).toEqual([9, 12]);
    probes.set(9, 0.22).set(12, 0.25);
    expect(nextProbeFrames(a, probes, opts)).toEqual([]);
    expect(countEnrolledBlinks(a, probes, 0.5)).toBe(1);
  });

  it("does not count a blink made by someone else's face, and calls the clip changed", () => {
    const a = analyseClip(clip([30, 31]), FPS);
    const probes: ProbeDistances = new Map([
      [5, 0.18],
      [29, 0.8],
      [32, 0.79],
    ]);
    expect(countEnrolledBlinks(a, probes, 0.5)).toBe(0);
    expect(faceChanged(probes, 0.5)).toBe(true);
    expect(nextProbeFrames(a, probes, opts)).toEqual([]);
  });

  it('confirms a blink cut by the recording on its one flank', () => {
    const a = analyseClip(clip([0, 1]), FPS);
    expect(a.blinks).toEqual([{ before: null, after: 2 }]);
    const probes: ProbeDistances = new Map([[20, 0.2]]);
    expect(nextProbeFrames(a, probes, opts)).toEqual([2]);
    probes.set(2, 0.21);
    expect(countEnrolledBlinks(a, probes, 0.5)).toBe(1);
  });

  it('tries the next frame outward when face-api finds no face on a flank', () => {
    const a = analyseClip(clip([10, 11]), FPS);
    expect(
      nextProbeFrames(
        a,
        new Map([
          [20, 0.2],
          [9, null],
          [12, 0.2],
        ]),
        opts,
      ),
    ).toEqual([8]);
  });

  it('with the challenge reading, a turned flank a little over the threshold stands beside a frontal flank that matches; two unsure flanks do not', () => {
    // the head turned to the left from frame 4 and back at frame 12: the blink at 10-11 has its flank before turned
    const frames = clip([10, 11]).map((r, i) => ({ ...r, turn: i >= 4 && i <= 11 ? 0.22 : 0.01 }));
    const a = analyseClip(frames, FPS, CHALLENGE_BLINKS);
    expect(a.blinks).toEqual([{ before: 9, after: 12, turned: 'before' }]);
    const probes = (before: number, after: number): ProbeDistances =>
      new Map([
        [20, 0.2],
        [9, before],
        [12, after],
      ]);
    expect(countEnrolledBlinks(a, probes(0.537, 0.249), 0.5)).toBe(1);
    expect(countEnrolledBlinks(a, probes(0.249, 0.537), 0.5)).toBe(0); // the frontal flank must be the one that matches
    expect(countEnrolledBlinks(a, probes(0.65, 0.249), 0.5)).toBe(0); // someone else, turned
    expect(countEnrolledBlinks(a, probes(0.537, 0.537), 0.5)).toBe(0); // neither flank a match
    // the default reading marks no flank: both must match
    expect(countEnrolledBlinks(analyseClip(frames, FPS), probes(0.537, 0.249), 0.5)).toBe(0);
  });

  it('at the measured 0.42, a turned genuine frame (0.54-0.59) is unsure, not someone else: what matches moved, not what is foreign', () => {
    expect([0.41, 0.45, 0.55, 0.59, 0.61].map((d) => classify(d, 0.42))).toEqual(['match', 'unsure', 'unsure', 'unsure', 'foreign']);
    // a threshold set higher keeps its own margin above it
    expect([0.65, 0.75].map((d) => classify(d, 0.6))).toEqual(['unsure', 'foreign']);
    const turned = new Map([
      [2, 0.2],
      [5, 0.56],
    ]);
    expect(faceChanged(turned, 0.42)).toBe(false);
  });

  it('identifies every track long enough to hold a blink', () => {
    const frames = clip([]);
    for (let i = 19; i < 38; i++) frames[i] = { ...frames[i], box: [0.05, 0.05, 0.6, 0.8] };
    const a = analyseClip(frames, FPS);
    expect(a.tracks).toHaveLength(2);
    const next = nextProbeFrames(a, new Map([[3, 0.2]]), opts);
    expect(next).toHaveLength(1);
    expect(next[0]).toBeGreaterThanOrEqual(19);
  });

  it('a probe a little over the threshold is unsure, not another person', () => {
    expect(
      faceChanged(
        new Map([
          [1, 0.2],
          [2, 0.56],
        ]),
        0.5,
      ),
    ).toBe(false);
    expect(
      faceChanged(
        new Map([
          [1, 0.2],
          [2, 0.65],
        ]),
        0.5,
      ),
    ).toBe(true);
  });

  it('spreads the first identity frames over the whole clip', () => {
    const w = windowCandidates(38);
    expect(w).toHaveLength(3);
    expect(w[0][0]).toBeLessThan(13);
    expect(w[2].at(-1)).toBeGreaterThan(25);
  });
});
