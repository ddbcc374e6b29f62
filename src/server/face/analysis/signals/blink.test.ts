import { describe, expect, it } from 'vitest';
import { BLINK_RULES, countBlinks, eyeAspectRatio, type EyeSample } from './blink';

const FPS = 12.5;
/** A clip of `n` samples with open eyes at `open`, and eye ratios overridden at some frames. */
function clip(
  n: number,
  open: number,
  dips: Record<number, number | [number, number]> = {},
  extra: (i: number) => Partial<EyeSample> = () => ({}),
): EyeSample[] {
  return Array.from({ length: n }, (_, i) => {
    const d = dips[i];
    const [left, right] = d === undefined ? [open, open] : Array.isArray(d) ? d : [d, d];
    // a little measurement noise, as the mesh gives
    const noise = ((i * 7919) % 11) / 11 - 0.5;
    return { t: (i * 1000) / FPS, left: left * (1 + 0.04 * noise), right: right * (1 - 0.04 * noise), ...extra(i) };
  });
}

describe('countBlinks', () => {
  it('counts three quick dips of both eyes that recover (the aoc clip, as the iris-refined mesh sees it)', () => {
    const samples = clip(38, 0.41, { 5: 0.16, 6: 0.25, 15: 0.2, 25: 0.15, 26: 0.27 });
    expect(countBlinks(samples).blinks).toBe(3);
  });

  it("judges against this person's own baseline: narrow eyes blink too", () => {
    const samples = clip(38, 0.22, { 10: 0.09, 30: 0.1 });
    expect(countBlinks(samples).blinks).toBe(2);
  });

  it('sees no blink in a still face, a photo or mesh noise', () => {
    expect(countBlinks(clip(38, 0.35)).blinks).toBe(0);
    // the mcguinness clip: 0.30-0.39 around 0.35 while talking, no dip below ~85% of baseline
    expect(countBlinks(clip(38, 0.35, { 4: 0.3, 20: 0.31, 33: 0.305 })).blinks).toBe(0);
  });

  it('does not count shallow dips (squinting, smiling)', () => {
    expect(countBlinks(clip(38, 0.4, { 10: 0.3, 11: 0.29 })).blinks).toBe(0);
  });

  it('does not count eyes closed for longer than a blink', () => {
    const closed = Object.fromEntries(Array.from({ length: 12 }, (_, k) => [10 + k, 0.12]));
    expect(countBlinks(clip(38, 0.4, closed)).blinks).toBe(0);
  });

  it('does not count a wink or one eye lost to a head turn', () => {
    expect(countBlinks(clip(38, 0.4, { 10: [0.12, 0.39], 20: [0.4, 0.1] })).blinks).toBe(0);
  });

  it('with openTurnBand, judges open eyes at the same turn: a blink made with the head turned (the eye turned away reads 0.68 of frontal)', () => {
    const turned = (i: number) => i >= 15 && i <= 30;
    const dips = Object.fromEntries(Array.from({ length: 16 }, (_, k) => [15 + k, [0.27, 0.38] as [number, number]]));
    const samples = clip(38, 0.4, { ...dips, 24: 0.12, 25: 0.16 }, (i) => ({ turn: turned(i) ? 0.22 : 0 }));
    // open by the frontal baseline only before and after the turn: 1360 ms apart, longer than a blink
    expect(countBlinks(samples).blinks).toBe(0);
    const atTurn = countBlinks(samples, { ...BLINK_RULES, openTurnBand: 0.08 });
    expect(atTurn.blinks).toBe(1);
    expect(atTurn.events[0]).toMatchObject({ before: 23 * 80, after: 26 * 80 });
  });

  it("with openTurnBand, a closure cut by the recording's start must end with eyes open by the frontal baseline (a downcast gaze, then a turn)", () => {
    const downcast = Object.fromEntries(Array.from({ length: 6 }, (_, k) => [k, 0.15]));
    const turnedOpen = Object.fromEntries(Array.from({ length: 7 }, (_, k) => [6 + k, [0.27, 0.38] as [number, number]]));
    const samples = clip(38, 0.4, { ...downcast, ...turnedOpen }, (i) => ({ turn: i <= 12 ? 0.22 : 0 }));
    expect(countBlinks(samples, { ...BLINK_RULES, openTurnBand: 0.08 }).blinks).toBe(0);
  });

  it('counts a blink cut by the start or the end of the recording (Start is pressed at any moment), with one flank', () => {
    // the d0 camera started 2.55 s into its loop: closing, closed, nearly open, open
    const start = countBlinks(clip(38, 0.4, { 0: 0.28, 1: 0.1, 2: 0.33 }));
    expect(start.blinks).toBe(1);
    expect(start.events[0]).toMatchObject({ before: null, after: 240 });
    const end = countBlinks(clip(38, 0.4, { 36: 0.12, 37: 0.12 }));
    expect(end.blinks).toBe(1);
    expect(end.events[0]).toMatchObject({ before: 2800, after: null });
  });

  it('does not count eyes closed from the start for longer than a blink, or closing for long at the end', () => {
    const shut = Object.fromEntries(Array.from({ length: 9 }, (_, k) => [k, 0.1]));
    expect(countBlinks(clip(38, 0.4, shut)).blinks).toBe(0);
    const closing = Object.fromEntries(Array.from({ length: 9 }, (_, k) => [29 + k, 0.1]));
    expect(countBlinks(clip(38, 0.4, closing)).blinks).toBe(0);
  });

  it('ignores frames where the head nods or turns far (a tilted photo changes the apparent lid gap)', () => {
    const nod = clip(38, 0.4, { 10: 0.2, 11: 0.2 }, (i) => ({ pitch: i === 10 || i === 11 ? 0.5 : 0, yaw: 0 }));
    expect(countBlinks(nod).blinks).toBe(0);
    const turn = clip(38, 0.4, { 20: 0.2 }, (i) => ({ yaw: i === 20 ? 0.9 : 0 }));
    expect(countBlinks(turn).blinks).toBe(0);
  });

  it('does not bridge a blink across frames without a face', () => {
    const samples = clip(38, 0.4, { 10: 0.12 }).map((s, i) => (i === 11 ? { ...s, left: null, right: null } : s));
    expect(countBlinks(samples).blinks).toBe(0);
  });

  it('returns 0 with too few readable frames', () => {
    expect(countBlinks([]).blinks).toBe(0);
    expect(countBlinks(clip(3, 0.4, { 1: 0.1 })).blinks).toBe(0);
  });
});

describe('eyeAspectRatio', () => {
  it('is lid gap over eye width', () => {
    const mesh: [number, number][] = Array.from({ length: 478 }, () => [0, 0]);
    // right eye: corners 33 and 133 are 10 apart, lids 160/144 and 158/153 are 4 apart
    Object.assign(mesh, { 33: [0, 0], 133: [10, 0], 160: [3, -2], 144: [3, 2], 158: [7, -2], 153: [7, 2] });
    expect(eyeAspectRatio(mesh, 'right')).toBeCloseTo(0.4);
    expect(eyeAspectRatio([], 'left')).toBeNull();
  });

  it('bridges one unreadable sample inside a blink only when the rules say so (the challenge: motion blur)', () => {
    const unreadable = (samples: EyeSample[], ...at: number[]) => samples.map((s, i) => (at.includes(i) ? { ...s, left: null, right: null } : s));
    const blurred = unreadable(clip(38, 0.4, { 21: 0.12 }), 20);
    expect(countBlinks(blurred).blinks).toBe(0);
    expect(countBlinks(blurred, { ...BLINK_RULES, maxGapMs: 170 }).blinks).toBe(1);
    // two unreadable samples in a row are more than one bridged gap
    expect(countBlinks(unreadable(clip(38, 0.4, { 21: 0.12 }), 19, 20), { ...BLINK_RULES, maxGapMs: 170 }).blinks).toBe(0);
  });
});
