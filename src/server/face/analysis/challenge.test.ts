import { describe, expect, it } from 'vitest';
import { CHALLENGE_STEPS, type ChallengeStep } from '@shared/face/face-challenge';
import { FACE_STREAM_REACTION_MS } from '@shared/face/face-stream';
import { parseChallengeSteps } from '@shared/face/face-challenge';
import { followsChallenge, followsTimedChallenge, seenMoves, type TimedStep } from './challenge';
import type { FrameReading } from '../protocol';
import type { SeenMove } from '../types';

const seen = (...moves: [ChallengeStep, number][]): SeenMove[] => moves.map(([step, at_ms]) => ({ step, at_ms }));
const FOUR: ChallengeStep[][] = [
  ['turn_left', 'blink'],
  ['turn_right', 'blink'],
  ['blink', 'turn_left'],
  ['blink', 'turn_right'],
];

describe('followsChallenge', () => {
  it('a turn then a blink follows exactly one of the four challenges', () => {
    const moves = seen(['turn_left', 1600], ['blink', 2000]);
    expect(FOUR.map((c) => followsChallenge(c, moves))).toEqual([true, false, false, false]);
  });

  it('a blink then a turn follows only its own order', () => {
    const moves = seen(['blink', 500], ['turn_right', 1800]);
    expect(FOUR.map((c) => followsChallenge(c, moves))).toEqual([false, false, false, true]);
  });

  it('an extra blink is allowed (people blink on their own), an extra turn before the last step is not', () => {
    expect(followsChallenge(['turn_left', 'blink'], seen(['blink', 300], ['turn_left', 1500], ['blink', 2200]))).toBe(true);
    expect(followsChallenge(['blink', 'turn_left'], seen(['turn_right', 300], ['blink', 1500], ['turn_left', 2200]))).toBe(false);
    expect(followsChallenge(['turn_left', 'blink'], seen(['turn_left', 600], ['turn_left', 1500], ['blink', 2200]))).toBe(false);
    // one recording with every move in it follows only the two challenges of its first turn's direction
    const both = seen(['blink', 300], ['turn_left', 1200], ['blink', 1700], ['turn_right', 2400], ['blink', 2900]);
    expect(FOUR.map((c) => followsChallenge(c, both))).toEqual([true, false, true, false]);
    expect(followsChallenge(['turn_left', 'turn_right'], both)).toBe(true);
  });

  it('moves after the last step are not read: the student looks away once it ticks', () => {
    const lookedAway = seen(['turn_right', 900], ['blink', 3200], ['turn_right', 4500]);
    expect(followsChallenge(['turn_right', 'blink'], lookedAway)).toBe(true);
    expect(followsChallenge(['blink', 'turn_right'], lookedAway)).toBe(false);
    expect(followsChallenge(['turn_left', 'blink'], lookedAway)).toBe(false);
  });

  it('no blink, or no turn, follows no challenge that asks for one', () => {
    expect(FOUR.some((c) => followsChallenge(c, seen(['turn_left', 1500])))).toBe(false);
    expect(FOUR.some((c) => followsChallenge(c, seen(['blink', 1500])))).toBe(false);
    expect(followsChallenge(['blink'], seen(['blink', 1500]))).toBe(true);
  });
});

/**
 * A clip at 12.5 fps (80 ms a sample): the head turns to its own left from sample `turnFrom` to `turnTo`, 0.14 from
 * frontal for its first four samples (past the 0.12 threshold), then 0.25 (its farthest), and both eyes close on
 * `closed` (open 0.3, closed 0.1).
 */
function clip(turnFrom: number, turnTo: number, closed: number[], frames = 40): FrameReading[] {
  return Array.from({ length: frames }, (_, i) => {
    const shut = closed.includes(i);
    const turn = i < turnFrom || i > turnTo ? 0 : i < turnFrom + 4 ? 0.14 : 0.25;
    return { faces: 1, left: shut ? 0.1 : 0.3, right: shut ? 0.1 : 0.3, turn };
  });
}
const blinkAt = (closed: number[]) => ({ before: closed[0] - 1, after: closed.at(-1)! + 1 });
const followed = (readings: FrameReading[], closed: number[]) => FOUR.map((c) => followsChallenge(c, seenMoves(readings, 12.5, [blinkAt(closed)])));

describe('seenMoves: a blink against a turn', () => {
  // the held signal (median of three) is past the threshold from the turn's first sample on (two of three readings)
  it('times a turn by its start: a blink anywhere in the turn, on the way out, at its farthest point or on the way back, is after it', () => {
    const readings = clip(10, 20, [18, 19]);
    expect(seenMoves(readings, 12.5, [blinkAt([18, 19])])).toEqual([
      { step: 'turn_left', at_ms: 800 },
      { step: 'blink', at_ms: 1440 },
    ]);
    expect(followed(readings, [18, 19])).toEqual([true, false, false, false]);
    // on the way out, three samples in, before the farthest point (sample 14): timed by its peak, the turn came after
    expect(followed(clip(10, 20, [13]), [13])).toEqual([true, false, false, false]);
  });

  it('a blink three samples or more before the turn starts is before it', () => {
    expect(followed(clip(12, 20, [9]), [9])).toEqual([false, false, true, false]);
  });

  it('a blink within two samples of the start is on neither side: it follows no order', () => {
    for (const closed of [10, 11, 12, 13, 14]) {
      const readings = clip(12, 20, [closed]);
      expect(
        seenMoves(readings, 12.5, [blinkAt([closed])]).find((m) => m.step === 'blink'),
        `closed at ${closed}`,
      ).toMatchObject({ astride: true });
      expect(followed(readings, [closed])).toEqual([false, false, false, false]);
    }
  });
});

describe('parseChallengeSteps', () => {
  it('takes short or full names, and refuses anything else', () => {
    expect(parseChallengeSteps('left,right,blink')).toEqual(['turn_left', 'turn_right', 'blink']);
    expect(parseChallengeSteps(' Turn_Left , blink')).toEqual(['turn_left', 'blink']);
    expect(() => parseChallengeSteps('left,nod')).toThrow();
    expect(() => parseChallengeSteps('')).toThrow();
  });
});

const steps = (...s: [ChallengeStep, number][]): TimedStep[] => s.map(([step, at_ms]) => ({ step, at_ms }));
const follows = (s: TimedStep[], m: SeenMove[]) => followsTimedChallenge(s, m, FACE_STREAM_REACTION_MS);

describe('followsTimedChallenge (the live check, issue 33)', () => {
  const asked = steps(['turn_left', 1500], ['blink', 3100], ['turn_right', 4600]);

  it('each move in its own window after its instruction follows; extra blinks anywhere are allowed', () => {
    expect(follows(asked, seen(['blink', 600], ['turn_left', 2100], ['blink', 2700], ['blink', 3700], ['turn_right', 5300], ['blink', 5900]))).toBe(true);
  });

  it('a move made before its instruction counts for nothing', () => {
    // the right turn comes 100 ms after its instruction: no one reacts that fast, so it was not an answer
    expect(follows(asked, seen(['turn_left', 2100], ['blink', 3700], ['turn_right', 4700]))).toBe(false);
    // a blink before the blink instruction and none after it
    expect(follows(asked, seen(['turn_left', 2100], ['blink', 2900], ['turn_right', 5300]))).toBe(false);
  });

  it('a move after the next instruction answers the next one, not its own', () => {
    expect(follows(asked, seen(['turn_left', 3300], ['blink', 3700], ['turn_right', 5300]))).toBe(false);
  });

  it('a turn the wrong way, or any turn in a blink window, fails the step; a turn after the last window is not read', () => {
    expect(follows(asked, seen(['turn_right', 1800], ['turn_left', 2300], ['blink', 3700], ['turn_right', 5300]))).toBe(false);
    expect(follows(asked, seen(['turn_left', 2100], ['blink', 3700], ['turn_left', 4000], ['turn_right', 5300]))).toBe(false);
    expect(follows(asked, seen(['turn_left', 2100], ['blink', 3700], ['turn_right', 5300], ['turn_left', 6500]))).toBe(true);
  });

  it('a blink astride a turn start counts for none', () => {
    const b: SeenMove[] = [...seen(['turn_left', 2100]), { step: 'blink', at_ms: 3600, astride: true }, ...seen(['turn_right', 5300])];
    expect(follows(asked, b)).toBe(false);
  });

  it('whatever a window holds, it answers at most one of the three moves', () => {
    const windows: SeenMove[][] = [
      [],
      seen(['blink', 2000]),
      seen(['turn_left', 2000]),
      seen(['blink', 1800], ['turn_left', 2000], ['blink', 2400]),
      seen(['turn_left', 1800], ['turn_right', 2200]),
      seen(['turn_right', 2000], ['turn_right', 2900]),
    ];
    for (const moves of windows) {
      const passing = CHALLENGE_STEPS.filter((step) => follows(steps([step, 1500], ['blink', 3100]), [...moves, ...seen(['blink', 3600])]));
      expect(passing.length).toBeLessThanOrEqual(1);
    }
  });
});
