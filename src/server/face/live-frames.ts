import { inSegment } from './segments';

/**
 * A clip's frames while ffmpeg still writes them: the decode publishes how many are complete in a small shared
 * Int32Array, and free workers read their runs of the clip (segments.ts) as the frames come instead of waiting for
 * the whole clip (~0.3 s of a check's wall time). The runs are the same as when read after the decode, so a run read
 * live gives the same readings as one read later: how far the decode had got changes when reading starts, not what
 * is read.
 */
export interface LiveFrames {
  /** the frame buffer (frame-sink.ts): frame i is bytes [i * frameBytes, (i + 1) * frameBytes) */
  buffer: SharedArrayBuffer;
  /** Int32Array slots, below */
  signal: SharedArrayBuffer;
  frameBytes: number;
  width: number;
  height: number;
}

/** Slots of the signal: complete frames so far, the decode's state. */
export const FRAMES = 0;
export const STATE = 1;
export const DECODING = 0;
export const DONE = 1;
export const FAILED = 2;
/**
 * The longest a worker waits for a decode (a 3-s clip decodes in 0.3-0.5 s here, ~1 s under load). Past it, it stops
 * and its run is read again once the decode is done: an upload made to decode slowly cannot hold a worker for the
 * whole job deadline, and a run cut short is never judged.
 */
export const LIVE_WAIT_MS = 1500;

export const newSignal = () => new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));

/**
 * A worker's view of the run of a live clip starting at frame `start`: frame(i) (i counted from `start`) waits until
 * it is known whether that frame is in the run, and returns it, or null when it is not, when the decode failed, or
 * once the wait has run out (from then on every frame not yet in is null, so a run cut short has fewer readings than
 * frames and the engine reads it again).
 */
export function liveFrameSource(l: LiveFrames, start: number, waitMs = LIVE_WAIT_MS): (i: number) => Uint8Array | null {
  const s = new Int32Array(l.signal);
  const giveUpAt = Date.now() + waitMs;
  let gaveUp = false;
  return (i) => {
    const at = start + i;
    for (;;) {
      const state = Atomics.load(s, STATE);
      if (state === FAILED) return null;
      const n = Atomics.load(s, FRAMES);
      const member = inSegment(start, at, n, state === DONE);
      if (member !== null) return member ? new Uint8Array(l.buffer, at * l.frameBytes, l.frameBytes) : null;
      if (gaveUp || Date.now() >= giveUpAt) {
        gaveUp = true;
        return null;
      }
      Atomics.wait(s, FRAMES, n, 50); // woken by every frame and by the end of the decode
    }
  };
}
