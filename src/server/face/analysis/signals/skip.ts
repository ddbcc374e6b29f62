import { BLINK_RULES } from './blink';
import { TRACK_RULES } from '../continuity';
import type { FrameReading } from '@server/face/protocol';
import { TURN_RULES } from './turn';

/**
 * Which frames liveness may leave out: a frame between two read frames (80 ms either side at 12.5 fps) where both
 * show one face, both eyes clearly open, the head still and facing the camera. A blink lasts 100-500 ms and the lids
 * take most of it to close and open, so a frame 80 ms from a closed one shows the eye partly closed: on the fixture
 * clips every frame with the eyes closed had a neighbour at 0.61-0.77 of the open baseline (docs/benchmarks-history.md),
 * against CLEARLY_OPEN = 0.88. Everything near a dip is read as before, so blinks are counted from the same
 * frames; the frames left out are ones where nothing happens (about half of a still clip).
 */

/**
 * An eye is clearly open at or above this fraction of its open baseline so far (a blink's "open" is 0.85). Every
 * bound from 0.92 down to 0.80 gave the same blinks on every fixture clip, splice and d0 loop cut, and every closed
 * frame there has a neighbour at or under 0.73 of open: 0.88 keeps a margin of 0.15 (docs/benchmarks-history.md).
 */
export const CLEARLY_OPEN = 0.88;
/** Read everything until this many frames give a baseline. */
const MIN_BASELINE_FRAMES = 3;
/**
 * Head movement between the two read frames: half the face tracker's limits between consecutive frames
 * (continuity.ts), so a break the tracker would see between a frame and either neighbour is never smoothed over.
 */
const MAX_STILL_JUMP = TRACK_RULES.maxJump / 2;
const MAX_STILL_SCALE = Math.sqrt(TRACK_RULES.maxScale);
/** A head turned near blink.ts's limit is read: its frames are judged or skipped there one by one. */
const MAX_STILL_YAW = 0.75 * BLINK_RULES.maxYaw;
const MAX_STILL_PITCH_CHANGE = BLINK_RULES.maxPitchDelta / 2;
/**
 * A head turning in place barely moves its box, and the eyes' open baseline so far in a task is lowered by the
 * turned frames it has read: c01's blink (made while the head turns back) was left out between two frames whose
 * turn differed by 0.28, each "clearly open" against that lowered baseline, at one of the two ways 12.5-fps samples
 * can fall on a 25-fps recording (docs/face-challenge.md). Half a turn's size between the two reads = moving.
 */
const MAX_STILL_TURN_CHANGE = TURN_RULES.minTurn / 2;

/** Each eye's open baseline over the frames read so far (the same quantile blink.ts takes over the whole clip). */
export class OpenEyes {
  private left: number[] = [];
  private right: number[] = [];

  add(r: FrameReading) {
    if (r.left !== null && r.right !== null) {
      this.left.push(r.left);
      this.right.push(r.right);
    }
  }

  baseline(): { left: number; right: number } | null {
    if (this.left.length < MIN_BASELINE_FRAMES) return null;
    const q = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.round(BLINK_RULES.baselineQuantile * (xs.length - 1))];
    return { left: q(this.left), right: q(this.right) };
  }
}

const clearlyOpen = (r: FrameReading, base: { left: number; right: number }, bound: number) =>
  r.left !== null && r.right !== null && r.left >= bound * base.left && r.right >= bound * base.right;

/** True when the frame between read frames `a` and `b` must be read too. */
export function mayChange(a: FrameReading, b: FrameReading, open: OpenEyes, openBound = CLEARLY_OPEN): boolean {
  const base = open.baseline();
  if (!base || a.faces !== 1 || b.faces !== 1 || !a.box || !b.box) return true;
  if (!clearlyOpen(a, base, openBound) || !clearlyOpen(b, base, openBound)) return true;
  if (Math.abs(a.yaw ?? 0) > MAX_STILL_YAW || Math.abs(b.yaw ?? 0) > MAX_STILL_YAW) return true;
  if (Math.abs((a.pitch ?? 0) - (b.pitch ?? 0)) > MAX_STILL_PITCH_CHANGE) return true;
  if (Math.abs((a.turn ?? 0) - (b.turn ?? 0)) > MAX_STILL_TURN_CHANGE) return true;
  const width = Math.max(a.box[2], b.box[2]);
  const jump = Math.hypot(a.box[0] + a.box[2] / 2 - b.box[0] - b.box[2] / 2, a.box[1] + a.box[3] / 2 - b.box[1] - b.box[3] / 2);
  return jump > MAX_STILL_JUMP * width || width / Math.max(1e-6, Math.min(a.box[2], b.box[2])) > MAX_STILL_SCALE;
}

/** The reading of a frame left out: one face, its box halfway between its neighbours', no eyes (not judged). */
export function between(a: FrameReading, b: FrameReading): FrameReading {
  const box = a.box!.map((v, i) => (v + b.box![i]) / 2) as [number, number, number, number];
  return { faces: 1, left: null, right: null, box, skipped: true };
}
