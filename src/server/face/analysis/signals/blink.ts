/**
 * Liveness from eye openness over time. A blink is a dip of both eyes well below this person's own open-eye
 * baseline that recovers within a real blink's duration; a photo or a screen held up shows no such dip.
 */

export { eyeAspectRatio, type Point } from '@shared/face/eye-geometry';

export interface EyeSample {
  /** milliseconds from the start of the clip */
  t: number;
  left: number | null;
  right: number | null;
  /** head pose in radians, from the mesh */
  yaw?: number;
  /** how far the head is turned (turn.ts), where read: open eyes are judged at the same turn when the rules say so */
  turn?: number;
  pitch?: number;
}

export const BLINK_RULES = {
  /** mean of both eyes' ratios to baseline at or under this = closed */
  closedRatio: 0.65,
  /** and each eye under this: both eyes take part (a wink or one occluded eye is not a blink) */
  eyeClosedRatio: 0.8,
  /** at or over this = open again */
  openRatio: 0.85,
  /** closed samples of one blink span at most this (real blinks last 100-500 ms) */
  maxClosedMs: 500,
  /** open-before to open-after, sampling slack included */
  maxBlinkMs: 850,
  /** frames turned further than this are not judged: the eye shape is foreshortened */
  maxYaw: 0.6,
  /** a nod or a tilted photo changes the apparent lid gap: frames this far off the clip's median pitch are skipped */
  maxPitchDelta: 0.3,
  /** quantile of each eye's ratio taken as its open baseline (blinks are a minority of frames) */
  baselineQuantile: 0.65,
  /**
   * Unreadable samples (no face, no mesh) bridged when the next readable one comes within this many ms of the last:
   * 0 = any unreadable sample breaks the sequence. The challenge check bridges one (challenge.ts).
   */
  maxGapMs: 0,
  /**
   * A turned head foreshortens the eye turned away: open eyes read under openRatio of the frontal baseline. With a
   * band over 0, a sample counts as open at openRatio of how open the eyes read at the same turn (within this band of
   * the turn signal) elsewhere in the clip, when that is lower: the openTurnQuantile of those samples' mean ratio, if
   * there are openTurnSamples of them. Never under minOpenRatio, and never for a closure the recording's start cut
   * (its flank after must be open by the frontal baseline). 0 = off; the challenge check sets it (challenge.ts).
   */
  openTurnBand: 0,
  openTurnQuantile: 0.8,
  openTurnSamples: 5,
  minOpenRatio: 0.77,
};

function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.round(q * (s.length - 1))))];
}

/**
 * One counted blink: the last open-eye sample before it and the first after it (milliseconds, as the samples' t).
 * A blink cut by the recording's start has no `before` (the lids are seen opening), one cut by its end no `after`
 * (the lids are seen closing): the moment a student presses Start is arbitrary, and so is where a blink falls.
 */
export interface BlinkEvent {
  before: number | null;
  after: number | null;
}

export interface BlinkResult {
  blinks: number;
  events: BlinkEvent[];
  baseline: { left: number; right: number } | null;
  /** lowest mean ratio to baseline seen, for diagnostics */
  minRatio: number | null;
}

export function countBlinks(samples: EyeSample[], rules = BLINK_RULES): BlinkResult {
  const sorted = [...samples].sort((a, b) => a.t - b.t);
  const pitches = sorted.filter((s) => s.pitch !== undefined).map((s) => s.pitch!);
  const midPitch = pitches.length ? quantile(pitches, 0.5) : 0;
  const usable = (s: EyeSample) =>
    s.left !== null && s.right !== null && Math.abs(s.yaw ?? 0) <= rules.maxYaw && Math.abs((s.pitch ?? midPitch) - midPitch) <= rules.maxPitchDelta;
  const valid = sorted.filter(usable);
  if (valid.length < 4) return { blinks: 0, events: [], baseline: null, minRatio: null };
  const baseline = {
    left: quantile(
      valid.map((s) => s.left!),
      rules.baselineQuantile,
    ),
    right: quantile(
      valid.map((s) => s.right!),
      rules.baselineQuantile,
    ),
  };
  if (baseline.left <= 0 || baseline.right <= 0) return { blinks: 0, events: [], baseline, minRatio: null };

  const meanRatio = (s: EyeSample) => (s.left! / baseline.left + s.right! / baseline.right) / 2;
  const openAt = openThresholds(valid, meanRatio, rules);

  const events: BlinkEvent[] = [];
  let minRatio = Infinity;
  let lastOpen: number | null = null;
  let dip: { openBefore: number | null; start: number; end: number } | null = null;
  const clipStart = sorted[0].t;
  // true until the first open or unreadable frame: a closure seen here began before the recording did
  let atStart = true;
  let lastT = clipStart;
  let lastUsable: number | null = null;
  let missed = false;
  for (const s of sorted) {
    lastT = s.t;
    if (!usable(s)) {
      missed = true;
      atStart = false;
      continue;
    }
    // an unreadable stretch longer than the rules bridge breaks the sequence: no blink is inferred across it
    if (missed && (lastUsable === null || s.t - lastUsable > rules.maxGapMs)) {
      lastOpen = null;
      dip = null;
    }
    missed = false;
    lastUsable = s.t;
    const l = s.left! / baseline.left;
    const r = s.right! / baseline.right;
    const m = (l + r) / 2;
    minRatio = Math.min(minRatio, m);
    if (m <= rules.closedRatio && l <= rules.eyeClosedRatio && r <= rules.eyeClosedRatio) {
      if (dip) dip.end = s.t;
      else if (lastOpen !== null) dip = { openBefore: lastOpen, start: s.t, end: s.t };
      else if (atStart && s.t - clipStart <= rules.maxClosedMs) dip = { openBefore: null, start: clipStart, end: s.t };
    } else if (m >= rules.openRatio || (m >= openAt.get(s)! && dip?.openBefore !== null)) {
      if (dip && dip.end - dip.start <= rules.maxClosedMs && s.t - (dip.openBefore ?? clipStart) <= rules.maxBlinkMs)
        events.push({ before: dip.openBefore, after: s.t });
      dip = null;
      lastOpen = s.t;
      atStart = false;
    }
  }
  // a closure still under way when the recording stops: lids seen closing from open, within a blink's time
  if (dip && !missed && dip.openBefore !== null && lastT - dip.start <= rules.maxClosedMs && lastT - dip.openBefore <= rules.maxBlinkMs)
    events.push({ before: dip.openBefore, after: null });
  return { blinks: events.length, events, baseline, minRatio: Number.isFinite(minRatio) ? minRatio : null };
}

/** Each usable sample's open threshold: openRatio, lowered where the eyes read less open at the same turn (rules). */
function openThresholds(valid: EyeSample[], meanRatio: (s: EyeSample) => number, rules: typeof BLINK_RULES): Map<EyeSample, number> {
  const turned = valid.filter((s) => s.turn !== undefined);
  return new Map(
    valid.map((s) => {
      if (rules.openTurnBand <= 0 || s.turn === undefined) return [s, rules.openRatio];
      const near = turned.filter((o) => Math.abs(o.turn! - s.turn!) <= rules.openTurnBand).map(meanRatio);
      if (near.length < rules.openTurnSamples) return [s, rules.openRatio];
      const ref = Math.min(1, quantile(near, rules.openTurnQuantile));
      return [s, Math.max(rules.minOpenRatio, rules.openRatio * ref)];
    }),
  );
}
