import type { ChallengeStep } from '../../../shared/face/face-challenge';
import { BLINK_RULES } from './signals/blink';
import type { Blink, BlinkReading } from './clip-identity';
import { TRACK_RULES } from './continuity';
import type { FrameReading } from '../protocol';
import { turnEvents } from './signals/turn';
import type { SeenMove } from '../types';

/**
 * Whether a clip follows a challenge (issue 20): until its last step is done, its head turns are exactly the turns
 * asked, in order, each with its own sign, and each blink asked comes between the turns it was asked between. Extra
 * blinks are allowed (a person blinks on their own every few seconds); an extra turn is not, so one recording
 * matches at most the two challenges of its first turn's direction. Numbers measured in docs/face-challenge.md.
 */

/**
 * Blinks as the challenge reads them (docs/face-challenge.md): both eyes must close, each to 0.85 of its own open
 * baseline or under (a wink leaves the open eye at 0.95 or more) and their mean to 0.72 (a blink while the head
 * turns back is motion-blurred: its one closed sample read 0.62-0.69 in a fifth of the ways the engine may split
 * the clip, under today's 0.65 in the rest); one unreadable sample is bridged when the face before and after it
 * is one track.
 */
export const CHALLENGE_BLINKS: BlinkReading = {
  blink: { ...BLINK_RULES, closedRatio: 0.72, eyeClosedRatio: 0.85, maxGapMs: 170 },
  track: { ...TRACK_RULES, maxGapFrames: 1 },
};

export interface ChallengeResult {
  followed: boolean;
  moves: SeenMove[];
}

const isTurn = (s: ChallengeStep) => s !== 'blink';

/** How many blinks a challenge asks for (the enrolled face must make that many). */
export const challengeBlinks = (steps: ChallengeStep[]) => steps.filter((s) => s === 'blink').length;

/**
 * The moves a clip shows, in time order: each turn (turn.ts) at its peak, the first sample of its farthest held
 * reading from the clip's frontal pose, each blink of `blinks` at its most closed frame. A blink on the way back
 * is after the turn, one on the way out before it. Not the turn's span: its end is where the head comes back within
 * 0.06 of frontal, and a student who stays a little turned once the step ticks (the page records a moment more)
 * stretches the span past a blink made on the way back (docs/face-challenge.md: c01's blink read 40 ms before the
 * middle of its turn in a browser upload). The order still decides which of the four challenges a recording
 * follows: each reading puts its blink on one side of the peak.
 */
export function seenMoves(readings: FrameReading[], fps: number, blinks: Blink[]): SeenMove[] {
  const ms = (frame: number) => Math.round((frame * 1000) / fps);
  const samples = readings.flatMap((r, i) => (r.turn === undefined || r.skipped ? [] : [{ t: ms(i), turn: r.turn }]));
  const turns = turnEvents(samples).events.map((e) => ({ step: e.step, at_ms: e.peak }));
  const blinkMoves = blinks.map((b) => ({ step: 'blink' as const, at_ms: ms(mostClosed(readings, b)) }));
  return [...turns, ...blinkMoves].sort((x, y) => x.at_ms - y.at_ms);
}

/** The frame between a blink's flanks where the eyes read most closed (its flanks' middle when none was read). */
function mostClosed(readings: FrameReading[], b: Blink): number {
  const from = b.before === null ? 0 : b.before + 1;
  const to = b.after === null ? readings.length - 1 : b.after - 1;
  let best: number | null = null;
  for (let i = from; i <= to; i++) {
    const r = readings[i];
    if (r.left === null || r.right === null || r.skipped) continue;
    if (best === null || r.left + r.right < readings[best].left! + readings[best].right!) best = i;
  }
  return best ?? ((b.before ?? b.after!) + (b.after ?? b.before!)) / 2;
}

/**
 * Does the clip's sequence of moves follow the steps asked? Walked in time order: an asked blink is the next blink
 * once the turns before it are done (extra blinks anywhere are allowed), an asked turn the next turn, and any other
 * turn before the last step fails the clip. Moves after the last step are not read: a student looks away, or down at
 * the screen, as soon as it ticks, and the page records a moment more. Either way a recording's first turn decides
 * its direction, so one recording follows at most the two challenges of that direction (docs/security.md).
 */
export function followsChallenge(steps: ChallengeStep[], moves: SeenMove[]): boolean {
  let next = 0;
  for (const m of moves) {
    if (next === steps.length) break;
    if (m.step === steps[next]) next++;
    else if (isTurn(m.step)) return false;
  }
  return next === steps.length;
}

export function checkChallenge(steps: ChallengeStep[], readings: FrameReading[], fps: number, blinks: Blink[]): ChallengeResult {
  const moves = seenMoves(readings, fps, blinks);
  return { followed: followsChallenge(steps, moves), moves };
}
