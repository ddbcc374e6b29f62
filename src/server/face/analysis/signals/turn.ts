import type { ChallengeStep } from '@shared/face/face-challenge';
import type { Point } from './blink';

/** MediaPipe mesh indices: the nose tip and the outer corners of the person's right and left eyes. */
const NOSE_TIP = 1;
const RIGHT_EYE_OUTER = 33;
const LEFT_EYE_OUTER = 263;

/**
 * How far the head is turned, from the mesh's geometry: the nose tip's horizontal offset from the midpoint of the
 * outer eye corners, in eye-corner widths. Positive = the person's own LEFT (in an unmirrored recording the nose
 * moves toward the right of the image). Null when the mesh is incomplete. It reads the mesh alone: no iris.
 */
export function turnSignal(mesh: readonly Point[]): number | null {
  const nose = mesh[NOSE_TIP];
  const r = mesh[RIGHT_EYE_OUTER];
  const l = mesh[LEFT_EYE_OUTER];
  if (!nose || !r || !l) return null;
  const width = Math.hypot(l[0] - r[0], l[1] - r[1]);
  return width > 0 ? (nose[0] - (l[0] + r[0]) / 2) / width : null;
}

/** Chosen on the challenge fixtures (docs/face-challenge.md, scripts/bench/face/challenge-signals.ts). */
export const TURN_RULES = {
  /** a turn: the held signal this far from the clip's frontal pose */
  minTurn: 0.12,
  /** back under this (or past frontal) ends the turn */
  endTurn: 0.06,
  /** frames this close to straight ahead give the clip's frontal pose (a camera a little off to the side) */
  frontalBand: 0.08,
  /**
   * A turn that comes back under endTurn and goes the same way again within this is one turn: in browser uploads the
   * mesh slipped to frontal for a reading or two in the middle of one turn (docs/face-challenge.md: c02 read as two
   * right turns 320 ms apart, refused as a turn not asked). The two-step challenge never asks for the same turn
   * twice in a row, so a recording matches no more challenges for it; the live check may, and passes `splitAt`.
   */
  rejoinMs: 400,
};

/** The rules, and for the live check the times (ms) where an instruction's window opens: no turn rejoins across one. */
export type TurnRules = typeof TURN_RULES & { splitAt?: readonly number[] };

export interface TurnSample {
  /** milliseconds from the start of the clip */
  t: number;
  turn: number;
}

export interface TurnEvent {
  step: Extract<ChallengeStep, 'turn_left' | 'turn_right'>;
  /** milliseconds: first and last sample past minTurn's way, and the farthest one */
  start: number;
  peak: number;
  end: number;
  /** the farthest held signal from frontal */
  size: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** The clip's own straight-ahead signal: the median of its near-frontal samples (0 when it has too few). */
export function frontalPose(values: number[], rules = TURN_RULES): number {
  const near = values.filter((v) => Math.abs(v) <= rules.frontalBand);
  return near.length >= 3 ? median(near) : 0;
}

/**
 * The clip's head turns in time order. Each sample is the median of it and its neighbours, so a turn must be held
 * over three readings (~240 ms): one frame where the mesh slips is no turn. A turn starts past minTurn from the
 * frontal pose and lasts until the head comes back under endTurn; a swing straight to the other side is two turns.
 */
export function turnEvents(samples: TurnSample[], rules: TurnRules = TURN_RULES): { frontal: number; events: TurnEvent[]; held: { t: number; rel: number }[] } {
  const sorted = [...samples].sort((a, b) => a.t - b.t);
  const frontal = frontalPose(
    sorted.map((s) => s.turn),
    rules,
  );
  const held = sorted.map((s, i) => {
    const win = sorted.slice(Math.max(0, i - 1), i + 2).map((x) => x.turn - frontal);
    // at the clip's ends two readings: the one nearer frontal (a turn is never inferred from one reading)
    const rel = win.length === 3 ? median(win) : win.reduce((a, b) => (Math.abs(a) <= Math.abs(b) ? a : b));
    return { t: s.t, rel };
  });
  const events: TurnEvent[] = [];
  let cur: TurnEvent | null = null;
  for (const { t, rel } of held) {
    const step = rel > 0 ? 'turn_left' : 'turn_right';
    const size = Math.abs(rel);
    if (cur && (cur.step !== step || size < rules.endTurn)) cur = null;
    const last = events.at(-1);
    // a turn made again after the next instruction's window opened is an answer of its own, not the last one going on
    const split = rules.splitAt?.some((b) => last && b > last.start && b <= t);
    if (!cur && last?.step === step && size >= rules.minTurn && t - last.end <= rules.rejoinMs && !split) cur = last;
    if (cur) {
      cur.end = t;
      if (size > cur.size) Object.assign(cur, { size, peak: t });
    } else if (size >= rules.minTurn) {
      cur = { step, start: t, peak: t, end: t, size };
      events.push(cur);
    }
  }
  return { frontal, events, held };
}
