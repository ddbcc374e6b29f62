import type { ChallengeHint, ChallengeStep } from '@shared/face/face-challenge';
import type { FaceReading } from '../tracker/face-geometry';

/** The student's own frontal pose and open eyes, as the preview showed them before recording. */
export interface Baseline {
  turn: number;
  leftEye: number;
  rightEye: number;
}

/**
 * Measured in Chromium on the challenge clips (faces/challenge/README.md, 320x240 fake camera): frontal frames keep
 * the turn signal within 0.12 of their median, the turns reach 0.39-0.55; an open eye's ratio is ~0.30-0.37, a blink
 * dips both to 0.55-0.68 of that when frontal and under 0.5 while still turned (c01), and the head tilting back at
 * the end of c02's turn dips both to 0.63-0.70 while turned 0.19: so a turned face needs the deeper dip.
 */
export const TRACKING_RULES = {
  turnDelta: 0.25,
  /** consecutive readings past turnDelta: one noisy mesh does not tick a turn */
  turnReadings: 2,
  /** at most this far from frontal, the frontal blink rule applies */
  frontalDelta: 0.15,
  blinkEyeRatio: 0.78,
  blinkMeanRatio: 0.7,
  blinkTurnedEyeRatio: 0.6,
  /** readings that make a baseline when the preview gave none */
  baselineReadings: 3,
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/** Readings this close in turn count as one pose. */
const POSE_BAND = 0.08;

/**
 * The pose the student holds most (the readings with the most others within POSE_BAND of their turn) and their eyes
 * there, or null when too few. Not the plain median: a preview where the student turns a third of the time (the
 * looping test clips; a restless student) would pull it halfway to the turn, and the way back would read as the
 * opposite turn.
 */
export function baselineOf(readings: FaceReading[], min = TRACKING_RULES.baselineReadings): Baseline | null {
  if (readings.length < min) return null;
  const near = (a: FaceReading) => readings.filter((b) => Math.abs(a.turn - b.turn) <= POSE_BAND);
  const held = readings.map(near).reduce((best, group) => (group.length > best.length ? group : best));
  return { turn: median(held.map((r) => r.turn)), leftEye: median(held.map((r) => r.leftEye)), rightEye: median(held.map((r) => r.rightEye)) };
}

function isTurn(step: ChallengeStep, delta: number, rules: typeof TRACKING_RULES) {
  // the signal grows when the student turns to their own left (face-geometry.ts)
  return step === 'turn_left' ? delta >= rules.turnDelta : delta <= -rules.turnDelta;
}

function isBlink(reading: FaceReading, base: Baseline, rules: typeof TRACKING_RULES) {
  const left = reading.leftEye / base.leftEye;
  const right = reading.rightEye / base.rightEye;
  if (Math.abs(reading.turn - base.turn) > rules.frontalDelta) return left <= rules.blinkTurnedEyeRatio && right <= rules.blinkTurnedEyeRatio;
  return left <= rules.blinkEyeRatio && right <= rules.blinkEyeRatio && (left + right) / 2 <= rules.blinkMeanRatio;
}

/**
 * Follows the challenge's steps in order over the live readings: only the current step can be ticked, so a blink
 * before the turn it should follow counts for nothing. Guidance only: the server decides on the video.
 */
export class ChallengeProgress {
  private base: Baseline | null;
  private readonly early: FaceReading[] = [];
  private streak = 0;
  readonly hints: ChallengeHint[] = [];

  constructor(
    readonly steps: readonly ChallengeStep[],
    baseline: Baseline | null,
    private readonly rules = TRACKING_RULES,
  ) {
    this.base = baseline;
  }

  get done() {
    return this.hints.length;
  }

  get complete() {
    return this.hints.length >= this.steps.length;
  }

  /** One reading at `tMs` from the recording's start; true when it ticked a step. */
  push(reading: FaceReading, tMs: number): boolean {
    if (this.complete) return false;
    if (!this.base) {
      this.early.push(reading);
      this.base = baselineOf(this.early, this.rules.baselineReadings);
      return false;
    }
    const step = this.steps[this.hints.length];
    const hit = step === 'blink' ? isBlink(reading, this.base, this.rules) : isTurn(step, reading.turn - this.base.turn, this.rules);
    this.streak = hit ? this.streak + 1 : 0;
    if (this.streak < (step === 'blink' ? 1 : this.rules.turnReadings)) return false;
    this.streak = 0;
    this.hints.push({ step, t_ms: Math.max(0, Math.round(tMs)) });
    return true;
  }
}
