import { describe, expect, it } from 'vitest';
import { frontalPose, TURN_RULES, turnEvents, turnSignal, type TurnSample } from './turn';

/** A face mesh reduced to the three points turnSignal reads: nose tip (1), outer eye corners (33, 263). */
function mesh(noseX: number): [number, number][] {
  const m: [number, number][] = Array.from({ length: 468 }, () => [0, 0]);
  m[33] = [100, 100]; // the person's right eye: image left in an unmirrored recording
  m[263] = [200, 100];
  m[1] = [noseX, 150];
  return m;
}

/** Samples 80 ms apart (12.5 fps) with these turn readings. */
const samples = (values: number[]): TurnSample[] => values.map((turn, i) => ({ t: i * 80, turn }));

describe('turnSignal', () => {
  it('reads the nose between the eyes as 0 and toward the right of the image as the person turning to their own left', () => {
    expect(turnSignal(mesh(150))).toBe(0);
    expect(turnSignal(mesh(170))).toBeCloseTo(0.2);
    expect(turnSignal(mesh(130))).toBeCloseTo(-0.2);
    expect(turnSignal([])).toBeNull();
  });
});

describe('turnEvents', () => {
  it("finds a held turn each way, in order, relative to the clip's own frontal pose", () => {
    const { events, frontal } = turnEvents(samples([0.03, 0.02, 0.04, 0.2, 0.22, 0.21, 0.03, 0.02, -0.13, -0.15, -0.14, 0.03, 0.04]));
    expect(frontal).toBeCloseTo(0.03);
    expect(events.map((e) => e.step)).toEqual(['turn_left', 'turn_right']);
    expect(events[0]).toMatchObject({ start: 240, end: 400 });
  });

  it('times a turn by its peak: the first sample of its farthest held reading, wherever the head comes back', () => {
    // out to 0.25 at 320 ms, then back part of the way and held a little turned (0.09-0.11 from frontal) to the end
    const { events } = turnEvents(samples([0, 0, 0.01, 0.2, 0.25, 0.25, 0.2, 0.15, 0.11, 0.1, 0.09, 0.1, 0.11, 0.1, 0.09]));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ step: 'turn_left', start: 240, peak: 320, end: 1120 });
    expect(events[0].size).toBeCloseTo(0.25);
  });

  it('sees no turn in a sway, nor in one frame where the mesh slips', () => {
    expect(turnEvents(samples([0.02, 0.05, -0.04, 0.06, 0.3, 0.04, -0.05, 0.03, 0.08, 0.02])).events).toEqual([]);
  });

  it("measures a turn from a camera a little off to the side: the frontal pose is the clip's, not zero", () => {
    // the student faces the screen; the camera sees them turned 0.07 to their left throughout
    expect(turnEvents(samples([0.07, 0.06, 0.08, 0.17, 0.18, 0.17, 0.07, 0.08, 0.07])).events).toEqual([]);
    expect(turnEvents(samples([0.07, 0.06, 0.08, -0.07, -0.08, -0.07, 0.07, 0.08, 0.07])).events.map((e) => e.step)).toEqual(['turn_right']);
  });

  it('takes a turn whose mesh slips to frontal for a moment as one turn, and the same turn made again later as two', () => {
    // samples 80 ms apart: back under endTurn for two held readings (160 ms), the same way again
    const slip = turnEvents(samples([0, 0, 0.02, 0.2, 0.22, 0.2, 0.01, 0.0, 0.01, 0.3, 0.35, 0.3, 0, 0, 0.01]));
    expect(slip.events).toHaveLength(1);
    expect(slip.events[0]).toMatchObject({ step: 'turn_left', start: 240, peak: 720 });
    // 0.8 s back at frontal between them: two turns
    const twice = turnEvents(samples([0, 0, 0.02, 0.2, 0.22, 0.2, 0, 0, 0, 0, 0, 0, 0, 0, 0.2, 0.22, 0.2, 0, 0]));
    expect(twice.events.map((e) => e.step)).toEqual(['turn_left', 'turn_left']);
  });

  it('takes a swing straight from one side to the other as two turns', () => {
    expect(turnEvents(samples([0, 0, 0.2, 0.2, 0.2, -0.2, -0.2, -0.2, 0, 0])).events.map((e) => e.step)).toEqual(['turn_left', 'turn_right']);
  });
});

describe('frontalPose', () => {
  it('is the median of the near-frontal samples, and 0 when there are too few', () => {
    expect(frontalPose([0.02, 0.03, 0.04, 0.25, 0.25, 0.25, 0.25])).toBeCloseTo(0.03);
    expect(frontalPose([0.25, 0.25, 0.02])).toBe(0);
  });

  it('the same turn made again soon after is one turn, unless a live check instruction came between (splitAt)', () => {
    // left, back to frontal for 240 ms, left again: the mesh slipping, or a second answer
    const values = [0, 0, 0, 0.2, 0.22, 0.2, 0, 0, 0, 0.2, 0.22, 0.2, 0, 0, 0];
    expect(turnEvents(samples(values)).events).toHaveLength(1);
    const split = turnEvents(samples(values), { ...TURN_RULES, splitAt: [600] }).events;
    expect(split.map((e) => [e.step, e.start])).toEqual([
      ['turn_left', 240],
      ['turn_left', 720],
    ]);
    // an instruction's window opening while a turn is held does not split it: only a turn made again after it
    expect(turnEvents(samples([0, 0, 0, 0.2, 0.22, 0.2, 0.21, 0.2, 0, 0, 0]), { ...TURN_RULES, splitAt: [320] }).events).toHaveLength(1);
  });
});
