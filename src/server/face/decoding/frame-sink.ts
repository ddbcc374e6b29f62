import fs from 'node:fs/promises';
import { DONE, FAILED, FRAMES, newSignal, STATE, type LiveFrames } from '../live-frames';

/**
 * Collects raw frames from ffmpeg (its stdout, or its file in RAM) straight into a SharedArrayBuffer sized for the longest allowed clip.
 * Untouched pages cost no memory; workers read the frames as views without a copy. Buffers are reused from job to
 * job: freed SharedArrayBuffers only return when every thread has garbage-collected its handle, which idle
 * workers may not do for a long time (measured: RSS grew ~35 MB per clip without reuse).
 */
const free: SharedArrayBuffer[] = [];
/** Bytes read from a frame file at a time. */
const READ_BLOCK = 4 << 20;
const KEEP_FREE = 4;

function acquire(bytes: number): SharedArrayBuffer {
  const i = free.findIndex((b) => b.byteLength >= bytes);
  return i >= 0 ? free.splice(i, 1)[0] : new SharedArrayBuffer(bytes);
}

/** How often a frame file still being written is looked at for new bytes. */
const FOLLOW_MS = 4;

export class FrameSink {
  private shared: SharedArrayBuffer | null;
  private written = 0;
  /** complete frames and the decode's state, for a worker reading them as they come (live-frames.ts) */
  readonly signal = newSignal();

  constructor(
    readonly frameBytes: number,
    readonly maxFrames: number,
  ) {
    this.shared = acquire(frameBytes * maxFrames);
  }

  /** Appends bytes; returns false once more than maxFrames frames have arrived (the clip is too long). */
  write(chunk: Uint8Array): boolean {
    if (!this.shared || chunk.length > this.frameBytes * this.maxFrames - this.written) return false;
    new Uint8Array(this.shared, this.written, chunk.length).set(chunk);
    this.grew(chunk.length);
    return true;
  }

  /** The frames as a worker may read them while they arrive; null once released. */
  live(width: number, height: number): LiveFrames | null {
    return this.shared && { buffer: this.shared, signal: this.signal.buffer as SharedArrayBuffer, frameBytes: this.frameBytes, width, height };
  }

  /** Every frame is in: a worker reading them live may take its share. */
  done(): void {
    Atomics.store(this.signal, STATE, DONE);
    Atomics.notify(this.signal, FRAMES);
  }

  private grew(bytes: number) {
    this.written += bytes;
    const complete = Math.floor(this.written / this.frameBytes);
    if (complete !== Atomics.load(this.signal, FRAMES)) {
      Atomics.store(this.signal, FRAMES, complete);
      Atomics.notify(this.signal, FRAMES);
    }
  }

  /**
   * Appends ffmpeg's frame file as it grows, until `ended()` says ffmpeg has exited and everything after that has
   * been read; false when it holds more than maxFrames frames.
   */
  async follow(file: string, ended: () => boolean): Promise<boolean> {
    let fh: fs.FileHandle | null = null;
    try {
      for (;;) {
        const last = ended(); // before reading: once ffmpeg is gone, one more pass reads the file to its end
        fh ??= await fs.open(file, 'r').catch(() => null);
        if (fh && !(await this.readAvailable(fh))) return false;
        if (last) return true;
        await new Promise((r) => setTimeout(r, FOLLOW_MS));
      }
    } finally {
      await fh?.close();
    }
  }

  /** Appends what the file holds past what was read, in large blocks; false when it is more than maxFrames frames. */
  private async readAvailable(fh: fs.FileHandle): Promise<boolean> {
    for (;;) {
      if (!this.shared) return true;
      const room = this.frameBytes * this.maxFrames - this.written;
      // one byte past a full buffer says whether the file goes on
      const into = room > 0 ? new Uint8Array(this.shared, this.written, Math.min(room, READ_BLOCK)) : new Uint8Array(1);
      const { bytesRead } = await fh.read(into, 0, into.length, this.written);
      if (bytesRead === 0) return true;
      if (room === 0) return false;
      this.grew(bytesRead);
    }
  }

  /** The complete frames (a trailing partial frame is dropped). */
  frames(): Uint8Array[] {
    const shared = this.shared;
    if (!shared) return [];
    const n = Math.floor(this.written / this.frameBytes);
    return Array.from({ length: n }, (_, i) => new Uint8Array(shared, i * this.frameBytes, this.frameBytes));
  }

  /** Hands the buffer back for the next clip; the frames must no longer be in use. A worker still waiting stops. */
  release(): void {
    if (Atomics.load(this.signal, STATE) !== DONE) {
      Atomics.store(this.signal, STATE, FAILED);
      Atomics.notify(this.signal, FRAMES);
    }
    if (this.shared && free.length < KEEP_FREE) free.push(this.shared);
    this.shared = null;
  }
}
