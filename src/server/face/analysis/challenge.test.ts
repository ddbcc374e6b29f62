import { describe, expect, it } from 'vitest';
import type { ChallengeStep } from '../../../shared/face/face-challenge';
import { parseChallengeSteps } from '../../../shared/face/face-challenge';
import { followsChallenge } from './challenge';
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

describe('parseChallengeSteps', () => {
  it('takes short or full names, and refuses anything else', () => {
    expect(parseChallengeSteps('left,right,blink')).toEqual(['turn_left', 'turn_right', 'blink']);
    expect(parseChallengeSteps(' Turn_Left , blink')).toEqual(['turn_left', 'blink']);
    expect(() => parseChallengeSteps('left,nod')).toThrow();
    expect(() => parseChallengeSteps('')).toThrow();
  });
});
