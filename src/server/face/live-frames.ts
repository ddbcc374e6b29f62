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

/** Slots of the signal: complete frames so far (the decode), the decode's state, the first worker's end (it). */
export const FRAMES = 0;
export const STATE = 1;
export const END = 2;
export const DECODING = 0;
export const DONE = 1;
export const FAILED = 2;
/** Fewer frames than this left for the other workers: the first worker reads them too. */
const MIN_SHARE = 4;

export const newSignal = () => new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));

/**
 * The first worker's view of a live clip: frame(i) waits until frame i is complete and returns it, or null when i
 * is past this worker's share or the decode failed. The call that first sees the decode done fixes the share.
 */
export function liveFrameSource(l: LiveFrames): (i: number) => Uint8Array | null {
  const s = new Int32Array(l.signal);
  return (i) => {
    for (;;) {
      const state = Atomics.load(s, STATE);
      if (state === FAILED) return null;
      const n = Atomics.load(s, FRAMES);
      if (state === DONE) {
        let end = Atomics.load(s, END);
        if (end === 0) {
          end = Math.min(n, i + Math.ceil((n - i) / 2));
          if (n - end < MIN_SHARE) end = n;
          Atomics.store(s, END, Math.max(1, end));
          Atomics.notify(s, END);
        }
        return i < end ? new Uint8Array(l.buffer, i * l.frameBytes, l.frameBytes) : null;
      }
      if (i < n) return new Uint8Array(l.buffer, i * l.frameBytes, l.frameBytes);
      Atomics.wait(s, FRAMES, n, 50); // woken by every frame and by the end of the decode
    }
  };
}

/** Node 20 has it; TypeScript's lib before es2024 does not. */
const waitAsync = (Atomics as unknown as { waitAsync(a: Int32Array, i: number, v: number, timeoutMs: number): { async: boolean; value: unknown } }).waitAsync;

/** Main thread: the first worker's share, once it has fixed it (or null if its task ended without fixing it). */
export async function firstShare(signal: Int32Array, task: Promise<unknown>): Promise<number | null> {
  let settled = false;
  const ended = task.then(
    () => Atomics.load(signal, END) || null,
    () => null,
  );
  void ended.then(() => (settled = true));
  const fixed = (async () => {
    while (!settled) {
      const end = Atomics.load(signal, END);
      if (end > 0) return end;
      const w = waitAsync(signal, END, 0, 200);
      if (w.async) await w.value;
    }
    return null;
  })();
  return Promise.race([fixed, ended]);
}
