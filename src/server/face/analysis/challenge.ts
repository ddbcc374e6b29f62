import type { ChallengeStep } from '@shared/face/face-challenge';
import { FACE_STREAM_REACTION_MS } from '@shared/face/face-stream';
import { BLINK_RULES } from './signals/blink';
import type { Blink, BlinkReading } from './clip-identity';
import { TRACK_RULES } from './continuity';
import type { FrameReading } from '../protocol';
import { TURN_RULES, turnEvents } from './signals/turn';
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
 * is one track. A blink made with the head turned has open flanks judged at the same turn (openTurnBand): the eye
 * turned away reads 0.6-0.8 of its frontal baseline, and c01's browser uploads read their last open sample before
 * the turn, 880-1040 ms before open again (docs/face-challenge.md, "Open at the same turn").
 */
export const CHALLENGE_BLINKS: BlinkReading = {
  blink: { ...BLINK_RULES, closedRatio: 0.72, eyeClosedRatio: 0.85, maxGapMs: 170, openTurnBand: 0.08 },
  track: { ...TRACK_RULES, maxGapFrames: 1 },
  turnedFlanks: true,
};

export interface ChallengeResult {
  followed: boolean;
  moves: SeenMove[];
}

const isTurn = (s: ChallengeStep) => s !== 'blink';

/** How many blinks a challenge asks for (the enrolled face must make that many). */
export const challengeBlinks = (steps: ChallengeStep[]) => steps.filter((s) => s === 'blink').length;

/**
 * A blink this close to a turn's start is astride it and counts on neither side: two samples at the engine's 12.5 fps.
 * Browser uploads read a "blink" at the very start of a turn (c02 tilts his head back as he turns: the eyes read
 * closed for a sample 80 ms before to 0 ms after the start; the order cuts too), never a student's own blink,
 * which comes once the page has ticked the step before it: 400-800 ms after the start in c01's uploads
 * (docs/face-challenge.md, "Timing a turn by its start").
 */
export const ASTRIDE_MS = 160;

/**
 * The moves a clip shows, in time order: each turn (turn.ts) where it starts, the first sample whose held value is
 * past the turn threshold, and each blink of `blinks` at its most closed frame. So a blink made anywhere in a turn,
 * on the way out, at its farthest point or on the way back, comes after it, as a student who turns and then blinks,
 * still turned or turning back, means it. Not the turn's peak: c01's blink, made as the head starts back, read 80 ms
 * after the peak, one sample from the other side. Not its span: a student who stays a little turned stretches it.
 * A blink within ASTRIDE_MS of a turn's start is on neither side of it; every other blink is on one side of each
 * turn, so one recording follows at most the challenges its blinks and first turn allow (docs/security.md).
 */
export function seenMoves(readings: FrameReading[], fps: number, blinks: Blink[], splitAt?: readonly number[]): SeenMove[] {
  const ms = (frame: number) => Math.round((frame * 1000) / fps);
  const samples = readings.flatMap((r, i) => (r.turn === undefined || r.skipped ? [] : [{ t: ms(i), turn: r.turn }]));
  const turns = turnEvents(samples, { ...TURN_RULES, splitAt }).events.map((e) => ({ step: e.step, at_ms: e.start }));
  const blinkMoves = blinks.map((b): SeenMove => {
    const at_ms = ms(mostClosed(readings, b));
    const astride = turns.some((t) => Math.abs(at_ms - t.at_ms) <= ASTRIDE_MS);
    return { step: 'blink', at_ms, ...(astride ? { astride: true as const } : {}) };
  });
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
 * once the turns before it are done (extra blinks anywhere are allowed; one astride a turn's start counts for
 * none), an asked turn the next turn, and any other turn before the last step fails the clip. Moves after the last
 * step are not read: a student looks away, or down at the screen, as soon as it ticks, and the page records a moment
 * more. Either way a recording's first turn decides its direction, so one recording follows at most the two
 * challenges of that direction (docs/security.md).
 */
export function followsChallenge(steps: ChallengeStep[], moves: SeenMove[]): boolean {
  let next = 0;
  for (const m of moves) {
    if (next === steps.length) break;
    if (m.astride) continue;
    if (m.step === steps[next]) next++;
    else if (isTurn(m.step)) return false;
  }
  return next === steps.length;
}

/** The way a clip's first turn goes (null: no turn). */
const firstTurn = (moves: SeenMove[] | undefined) => moves?.find((m) => isTurn(m.step))?.step ?? null;

/**
 * May a second reading of a clip (the frames the first left out, engine.ts) stand in for the first? Only if its first
 * turn goes the way the first reading's does. A blink lasts a few frames and one reading can miss it; a turn lasts
 * hundreds of milliseconds and both see it. An upload weaving two recordings frame by frame (a left turn on the even
 * frames, a right turn on the odd ones) would otherwise pass the challenges of both directions.
 */
export const sameTurnWay = (first: SeenMove[] | undefined, second: SeenMove[] | undefined) => firstTurn(first) === firstTurn(second);

/** With `stepTimes` (the live check), each step must be answered in its window after it was sent (followsTimedChallenge). */
export function checkChallenge(steps: ChallengeStep[], readings: FrameReading[], fps: number, blinks: Blink[], stepTimes?: number[]): ChallengeResult {
  // with the live check, the same turn asked twice in a row is two turns: none rejoins across a window's opening
  const moves = seenMoves(
    readings,
    fps,
    blinks,
    stepTimes?.map((t) => t + FACE_STREAM_REACTION_MS[0]),
  );
  const followed = stepTimes
    ? followsTimedChallenge(
        steps.map((step, i) => ({ step, at_ms: stepTimes[i] })),
        moves,
        FACE_STREAM_REACTION_MS,
      )
    : followsChallenge(steps, moves);
  return { followed, moves };
}

/** A step of the live check (issue 33): the move asked and when it was sent, in ms on the look's own frame clock. */
export interface TimedStep {
  step: ChallengeStep;
  at_ms: number;
}

/**
 * Does a live check's video follow the instructions as they were given? From the first instruction on, time is cut
 * into windows, one per instruction: from FACE_STREAM_REACTION_MS[0] after it was sent to the same after the next
 * one (the last: to FACE_STREAM_REACTION_MS[1] after it). Every move in a window is read as the answer to that
 * window's instruction: a turn step needs a turn the way asked and no turn the other way; a blink step needs a
 * blink and no turn. Blinks may come anywhere else (a person blinks on their own, and while turning); a blink
 * astride a turn's start counts for none; moves before the first window count for nothing.
 *
 * So whatever a window holds, it answers at most one of the three moves, and the instruction is drawn only when it
 * is sent: a recording made before it follows each instruction with a chance of at most 1 in 3, and all of
 * FACE_STREAM_STEPS with at most 1 in 3^steps (docs/security.md). The windows are in the look's own milliseconds:
 * the caller maps the arrival clock to the video's (stream-clock.ts).
 */
export function followsTimedChallenge(steps: TimedStep[], moves: SeenMove[], reaction: readonly [number, number]): boolean {
  if (steps.length === 0) return false;
  return steps.every((s, i) => {
    const from = s.at_ms + reaction[0];
    const to = i + 1 < steps.length ? steps[i + 1].at_ms + reaction[0] : s.at_ms + reaction[1];
    const inWindow = moves.filter((m) => !m.astride && m.at_ms >= from && m.at_ms < to);
    const turns = inWindow.filter((m) => isTurn(m.step));
    if (s.step === 'blink') return turns.length === 0 && inWindow.length > 0;
    return turns.length > 0 && turns.every((m) => m.step === s.step);
  });
}
