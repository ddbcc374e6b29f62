/**
 * A clip's frames while ffmpeg still writes them: the decode publishes how many are complete in a small shared
 * Int32Array, and the first worker reads them as they come instead of waiting for the whole clip (~0.3 s of a
 * check's wall time). Which frames that worker keeps is decided by the worker itself when the decode ends, from
 * where it has got to: it keeps half of the frames it has not reached, the other workers get the rest. One writer
 * per slot, so no frame is read twice or by two workers.
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

/** Slots of the signal: complete frames so far (the decode), the decode's state, the first worker's end + 1 (it). */
export const FRAMES = 0;
export const STATE = 1;
export const END = 2;
export const DECODING = 0;
export const DONE = 1;
export const FAILED = 2;
/** Fewer frames than this left for the other workers: the first worker reads them too. */
const MIN_SHARE = 4;
/**
 * The longest the first worker waits for a decode (a 3-s clip decodes in 0.3-0.5 s here, ~1 s under load). Past it,
 * it ends its share where it is and the other workers read the rest: an upload made to decode slowly cannot hold
 * the identity worker idle for the whole job deadline.
 */
export const LIVE_WAIT_MS = 1500;

export const newSignal = () => new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));

/**
 * The first worker's view of a live clip: frame(i) waits until frame i is complete and returns it, or null when i
 * is past this worker's share or the decode failed. The call that first sees the decode done fixes the share.
 */
export function liveFrameSource(l: LiveFrames, waitMs = LIVE_WAIT_MS): (i: number) => Uint8Array | null {
  const s = new Int32Array(l.signal);
  const giveUpAt = Date.now() + waitMs;
  const fix = (end: number) => {
    Atomics.store(s, END, end + 1);
    Atomics.notify(s, END);
  };
  return (i) => {
    for (;;) {
      const state = Atomics.load(s, STATE);
      if (state === FAILED) return null;
      const n = Atomics.load(s, FRAMES);
      const fixed = Atomics.load(s, END);
      let end = fixed > 0 ? fixed - 1 : null;
      if (end === null && state === DONE) {
        end = Math.min(n, i + Math.ceil((n - i) / 2));
        fix(n - end < MIN_SHARE ? n : end);
        end = Atomics.load(s, END) - 1;
      }
      if (end !== null) return i < end && i < n ? new Uint8Array(l.buffer, i * l.frameBytes, l.frameBytes) : null;
      if (i < n) return new Uint8Array(l.buffer, i * l.frameBytes, l.frameBytes);
      if (Date.now() >= giveUpAt) {
        fix(Math.min(i, n)); // what it has, no frame still to come: the rest of the clip goes to the other workers
        return null;
      }
      Atomics.wait(s, FRAMES, n, 50); // woken by every frame and by the end of the decode
    }
  };
}

/** Node 20 has it; TypeScript's lib before es2024 does not. */
const waitAsync = (Atomics as unknown as { waitAsync(a: Int32Array, i: number, v: number, timeoutMs: number): { async: boolean; value: unknown } }).waitAsync;

/** Main thread: the first worker's share (frames 0 to end - 1), once it has fixed it; null if its task ended without fixing it. */
export async function firstShare(signal: Int32Array, task: Promise<unknown>): Promise<number | null> {
  let settled = false;
  const ended = task.then(
    () => (Atomics.load(signal, END) > 0 ? Atomics.load(signal, END) - 1 : null),
    () => null,
  );
  void ended.then(() => (settled = true));
  const fixed = (async () => {
    while (!settled) {
      const end = Atomics.load(signal, END);
      if (end > 0) return end - 1;
      const w = waitAsync(signal, END, 0, 200);
      if (w.async) await w.value;
    }
    return null;
  })();
  return Promise.race([fixed, ended]);
}
