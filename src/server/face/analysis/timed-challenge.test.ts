import { describe, expect, it } from 'vitest';
import { CHALLENGE_STEPS, type ChallengeStep } from '../../../shared/face/face-challenge';
import { FACE_STREAM_REACTION_MS } from '../../../shared/face/face-stream';
import { followsTimedChallenge, type TimedStep } from './challenge';
import type { SeenMove } from '../types';

const seen = (...moves: [ChallengeStep, number][]): SeenMove[] => moves.map(([step, at_ms]) => ({ step, at_ms }));
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
