import { describe, expect, it } from 'vitest';
import type { FaceReading } from '../tracker/face-geometry';
import { baselineOf, ChallengeProgress } from './challenge-progress';

/** Readings the tracker gave in Chromium for the c02 clip (p1 turns to his right, comes back, blinks): [t_ms, turn, left eye, right eye]. */
const C02: [number, number, number, number][] = [
  [0, 0.041, 0.35, 0.331],
  [80, 0.049, 0.327, 0.316],
  [160, -0.154, 0.297, 0.326],
  [240, -0.308, 0.313, 0.35],
  [320, -0.395, 0.344, 0.36],
  [400, -0.536, 0.325, 0.355],
  [480, -0.433, 0.268, 0.294],
  // the head tilts back as it turns home: both lids narrow, the face still turned
  [560, -0.163, 0.23, 0.234],
  [640, -0.102, 0.295, 0.289],
  [720, 0.016, 0.335, 0.325],
  [800, 0.05, 0.377, 0.387],
  [880, -0.031, 0.295, 0.298],
  // the blink
  [960, -0.03, 0.199, 0.199],
  [1040, 0.031, 0.298, 0.251],
];
/** c01: p1 blinks while his head, turned to his left, comes back (motion-blurred). */
const C01_TURNED_BLINK: [number, number, number, number][] = [
  [0, 0.463, 0.298, 0.241],
  [80, 0.516, 0.302, 0.24],
  [160, 0.324, 0.15, 0.121],
];
/** The preview before Start: p1 looking at the screen. */
const PREVIEW: FaceReading[] = [
  { turn: 0.04, leftEye: 0.33, rightEye: 0.32 },
  { turn: 0.07, leftEye: 0.35, rightEye: 0.34 },
  { turn: 0.02, leftEye: 0.32, rightEye: 0.33 },
  { turn: 0.05, leftEye: 0.34, rightEye: 0.31 },
];

const readings = (rows: [number, number, number, number][]) => rows.map(([t, turn, leftEye, rightEye]) => ({ t, reading: { turn, leftEye, rightEye } }));

function follow(progress: ChallengeProgress, rows: [number, number, number, number][]) {
  for (const { t, reading } of readings(rows)) progress.push(reading, t);
  return progress.hints;
}

describe('ChallengeProgress', () => {
  it("ticks c02's own-right turn where the nose passes the threshold, then the blink, not the head tilting back", () => {
    const hints = follow(new ChallengeProgress(['turn_right', 'blink'], baselineOf(PREVIEW)), C02);
    expect(hints).toEqual([
      { step: 'turn_right', t_ms: 320 },
      { step: 'blink', t_ms: 960 },
    ]);
  });

  it('never ticks the mirror-image turn, nor a blink that should follow it', () => {
    const progress = new ChallengeProgress(['turn_left', 'blink'], baselineOf(PREVIEW));
    expect(follow(progress, C02)).toEqual([]);
    expect(progress.complete).toBe(false);
  });

  it('a blink asked first is ticked before the turn; the turn after it still counts', () => {
    const progress = new ChallengeProgress(['blink', 'turn_right'], baselineOf(PREVIEW));
    follow(progress, C02);
    follow(
      progress,
      C02.map(([t, ...rest]) => [t + 1_100, ...rest] as [number, number, number, number]),
    );
    // c02's blink comes after its turn: the first pass ticks only the blink, the loop's next turn follows it
    expect(progress.hints.map((h) => h.step)).toEqual(['blink', 'turn_right']);
    expect(progress.hints[1].t_ms).toBeGreaterThan(progress.hints[0].t_ms);
    expect(progress.complete).toBe(true);
  });

  it('counts a deep dip of both eyes while the head is still turned as a blink (c01)', () => {
    const progress = new ChallengeProgress(['turn_left', 'blink'], baselineOf(PREVIEW));
    expect(follow(progress, C01_TURNED_BLINK)).toEqual([
      { step: 'turn_left', t_ms: 80 },
      { step: 'blink', t_ms: 160 },
    ]);
  });

  it('one turned reading alone does not tick a turn', () => {
    const progress = new ChallengeProgress(['turn_right'], baselineOf(PREVIEW));
    progress.push({ turn: -0.5, leftEye: 0.33, rightEye: 0.33 }, 0);
    progress.push({ turn: 0.04, leftEye: 0.33, rightEye: 0.33 }, 40);
    progress.push({ turn: -0.5, leftEye: 0.33, rightEye: 0.33 }, 80);
    expect(progress.done).toBe(0);
  });

  it("takes the pose held most in the preview as frontal, so a restless preview's way back from a left turn is no right turn", () => {
    // c01 looping: half the preview turned to his left (its plain median, 0.21, is neither pose)
    const restless = [0.02, 0.46, 0.05, 0.09, 0.33, 0.01, 0.52, 0.06, 0.41, 0.49].map((turn) => ({ turn, leftEye: 0.32, rightEye: 0.3 }));
    const base = baselineOf(restless)!;
    expect(base.turn).toBeLessThan(0.07);
    const progress = new ChallengeProgress(['turn_right', 'blink'], base);
    progress.push({ turn: -0.071, leftEye: 0.25, rightEye: 0.25 }, 0);
    progress.push({ turn: -0.024, leftEye: 0.26, rightEye: 0.27 }, 40);
    progress.push({ turn: -0.071, leftEye: 0.25, rightEye: 0.25 }, 80);
    expect(progress.done).toBe(0);
  });

  it('without a preview baseline, the first readings of the recording make one', () => {
    const progress = new ChallengeProgress(['turn_right', 'blink'], null);
    expect(follow(progress, C02)).toEqual([
      { step: 'turn_right', t_ms: 320 },
      { step: 'blink', t_ms: 960 },
    ]);
    expect(baselineOf(PREVIEW.slice(0, 2))).toBeNull();
  });
});
