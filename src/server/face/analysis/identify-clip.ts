import { analyseClip, nextProbeFrames, probeDistances, windowCandidates, type BlinkReading } from './clip-identity';
import type { FrameReading } from '../protocol';
import { euclidean } from './match';
import { pickSharpFrames } from './quality';

/** The decoded clip as identity needs it. */
export interface ClipFrames {
  frames: Uint8Array[];
  width: number;
  height: number;
  fps: number;
}

/** face-api's descriptor of one frame of the clip; null when it finds no face there. */
export type DescribeFrame = (frame: number) => Promise<Float32Array | null>;

/** Rounds of identity frames after liveness: one per track and blink checked; the clip cannot need more. */
const MAX_IDENTITY_ROUNDS = 6;

/**
 * The sharpest of some frames of a clip (motion blur and defocus spoil identity), among those whose face box the
 * mesh gave (`readings[f].chip`: the recognizer alone identifies them) when there are any.
 */
export function sharpestOf(v: ClipFrames, frames: number[], readings?: FrameReading[]): number {
  const meshed = readings ? frames.filter((f) => readings[f]?.chip) : [];
  const pool = meshed.length ? meshed : frames;
  return pool[
    pickSharpFrames(
      pool.map((f) => v.frames[f]),
      v.width,
      v.height,
      1,
      pool.length,
    )[0] ?? 0
  ];
}

/** The first identity frames, the sharpest of each window of the clip. */
export const windowFrames = (v: ClipFrames, readings?: FrameReading[]) => windowCandidates(v.frames.length).map((c) => sharpestOf(v, c, readings));

/**
 * Identity across the clip (clip-identity.ts), after liveness: the frames each face track and each blink's flanks
 * still need, a few at a time, added to `probes` until the verdict is known.
 */
export async function completeIdentity(
  v: ClipFrames,
  readings: FrameReading[],
  probes: Map<number, Float32Array | null>,
  describe: DescribeFrame,
  opts: { mean: Float32Array; threshold: number; minBlinks: number; blinks?: BlinkReading },
): Promise<void> {
  const clip = analyseClip(readings, v.fps, opts.blinks);
  const sharpest = (frames: number[]) => sharpestOf(v, frames, readings);
  for (let round = 0; round < MAX_IDENTITY_ROUNDS; round++) {
    const need = nextProbeFrames(clip, probeDistances(probes, opts.mean), { threshold: opts.threshold, minBlinks: opts.minBlinks, sharpest }).filter(
      (f) => !probes.has(f),
    );
    if (!need.length) return;
    const found = await Promise.all(need.map(describe));
    for (const [k, f] of need.entries()) probes.set(f, found[k]);
  }
}

/**
 * The frame a refused check's still shows: of the frames identity described, the one whose face reads closest to
 * the enrolled mean (the frame the engine recognized best), else the first one described (a window's sharpest, where
 * no face was found). Read from the look's own probes after its verdict: the same clip gives the same frame, and the
 * verdict never depends on it.
 */
export function stillFrame(probes: Map<number, Float32Array | null>, mean: Float32Array): number | null {
  let best: { frame: number; distance: number } | null = null;
  for (const [frame, d] of probes) {
    if (!d) continue;
    const distance = euclidean(d, mean);
    if (!best || distance < best.distance || (distance === best.distance && frame < best.frame)) best = { frame, distance };
  }
  return best?.frame ?? probes.keys().next().value ?? null;
}
