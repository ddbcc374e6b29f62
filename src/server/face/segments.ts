/**
 * How a clip's frames are cut into liveness tasks. A task's readings depend on where it starts: Human detects the
 * face afresh on a task's first frame and then follows the box its own mesh found, and which quiet frames are left
 * out depends on the eyes seen so far in the task (skip.ts). So the cut must be a function of the clip alone: runs of
 * SEGMENT_FRAMES from the first frame, whatever the number of workers, which of them is free, or how far the decode
 * had got when reading began. Before this, the first worker's share ended wherever it had got to when ffmpeg
 * finished: the same upload gave different readings, and a borderline blink was found on some runs only.
 */

/**
 * Frames a task reads: 1.5 s at 12.5 fps, so a 3-s clip is two tasks, as two workers had before. Each task costs a
 * fresh detection (~28 ms) and reads its first frames in full before it may leave any out, so shorter runs cost CPU;
 * at 19 a check costs what it did (scripts/bench/face/cpu-ab.ts: 0.95-1.09x, interleaved with the old engine).
 */
export const SEGMENT_FRAMES = 19;
/** A last run shorter than this joins the one before it: a task of a few frames would cost a detection for little. */
export const MIN_TAIL = 6;

/** Where the run starting at `start` ends (exclusive) in a clip of `n` frames; `start` is a multiple of SEGMENT_FRAMES. */
export function segmentEnd(start: number, n: number): number {
  const end = start + SEGMENT_FRAMES;
  return n - end < MIN_TAIL ? n : end;
}

/** A clip's runs as [start, end) pairs, in order, covering every frame once. */
export function segments(n: number): [number, number][] {
  const out: [number, number][] = [];
  for (let start = 0; start < n; start = segmentEnd(start, n)) out.push([start, segmentEnd(start, n)]);
  return out;
}

/**
 * Whether frame `i` belongs to the run starting at `start`, from what the decode has told so far (`complete` frames,
 * `done` when there will be no more): true or false once it is known, null while it depends on frames still to come.
 */
export function inSegment(start: number, i: number, complete: number, done: boolean): boolean | null {
  if (i < start) return false;
  if (done) return segments(complete).some(([s, e]) => s === start && i < e);
  // a run after the first exists once MIN_TAIL frames from its start are in
  if (start > 0 && complete < start + MIN_TAIL) return null;
  const nominal = start + SEGMENT_FRAMES;
  if (i < nominal) return i < complete ? true : null;
  // past the nominal end: in the run only if the clip ends before another run could start
  return complete >= nominal + MIN_TAIL ? false : null;
}
