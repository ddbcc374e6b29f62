import { type RefObject, useEffect, useRef, useState } from 'react';
import type { FaceReading } from './face-geometry';
import { type FaceTracker, loadFaceTracker } from './face-tracker';
import { type Baseline, baselineOf } from '../challenge/challenge-progress';

/** 'slow': the model loaded but reads too slowly to catch a blink; the page then shows timed instructions. */
export type TrackerState = 'loading' | 'live' | 'slow' | 'unavailable';

/** Reading the preview this often while waiting for Start keeps a baseline fresh at little cost. */
const IDLE_EVERY_MS = 300;
/** about 5 s of preview: the baseline is the pose held most in it */
const KEPT = 16;
/** Reads before the tracker counts as live (about 2.5 s of preview): enough for a baseline and a fair speed. */
const SETTLED = 8;
/** Slower than this per frame (under 5 frames a second) misses most blinks: live guidance would mislead. */
export const SLOW_READ_MS = 200;
/** A model that has not loaded by then is not waited for. */
const LOAD_TIMEOUT_MS = 20_000;
/** A read that takes this long means a tracker that does not work here (no backend could start, say). */
const READ_TIMEOUT_MS = 5_000;

const withTimeout = <T>(work: Promise<T>, ms: number, what: string) =>
  Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} timed out`)), ms))]);

export interface TrackerHandle {
  state: TrackerState;
  tracker: FaceTracker | null;
  /** The preview's frontal pose and open eyes from the last readings, or null when it saw too few faces. */
  baseline(): Baseline | null;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.POSITIVE_INFINITY;

/**
 * Loads the live tracker once the camera runs and, while `sampling`, reads the preview a few times a second: the
 * last readings are the baseline the challenge's turns and blinks are measured from, and their speed decides
 * between live and timed guidance.
 */
export function useFaceTracker(videoRef: RefObject<HTMLVideoElement | null>, cameraReady: boolean, sampling: boolean): TrackerHandle {
  const [state, setState] = useState<TrackerState>('loading');
  const [tracker, setTracker] = useState<FaceTracker | null>(null);
  const readings = useRef<FaceReading[]>([]);
  const readMs = useRef<number[]>([]);

  useEffect(() => {
    if (!cameraReady) return;
    let cancelled = false;
    withTimeout(loadFaceTracker(), LOAD_TIMEOUT_MS, 'tracker load').then(
      (t) => {
        if (!cancelled) setTracker(t);
      },
      () => {
        if (!cancelled) setState('unavailable');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [cameraReady]);

  useEffect(() => {
    const video = videoRef.current;
    if (!tracker || !sampling || !video) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const sample = async () => {
      const started = performance.now();
      try {
        const reading = await withTimeout(tracker.read(video), READ_TIMEOUT_MS, 'tracker read');
        if (stopped) return;
        readMs.current = [...readMs.current, performance.now() - started].slice(-KEPT);
        if (reading) readings.current = [...readings.current, reading].slice(-KEPT);
        if (readMs.current.length >= SETTLED) setState(median(readMs.current) <= SLOW_READ_MS ? 'live' : 'slow');
      } catch {
        if (!stopped) setState('unavailable');
        return;
      }
      if (!stopped) timer = setTimeout(sample, IDLE_EVERY_MS);
    };
    sample();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [tracker, sampling, videoRef]);

  return { state, tracker, baseline: () => baselineOf(readings.current) };
}
