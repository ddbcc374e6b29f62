import fs from 'node:fs/promises';

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

export class FrameSink {
  private shared: SharedArrayBuffer | null;
  private written = 0;

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
    this.written += chunk.length;
    return true;
  }

  /**
   * Appends a file's bytes (ffmpeg's output in RAM, frames-dir.ts), read in large blocks straight into the buffer;
   * false when it holds more than maxFrames frames. A file ffmpeg never wrote adds nothing.
   */
  async readFile(file: string): Promise<boolean> {
    const fh = await fs.open(file, 'r').catch(() => null);
    if (!fh || !this.shared) return true;
    try {
      for (;;) {
        const room = this.frameBytes * this.maxFrames - this.written;
        // one byte past a full buffer says whether the file goes on
        const into = room > 0 ? new Uint8Array(this.shared, this.written, Math.min(room, READ_BLOCK)) : new Uint8Array(1);
        const { bytesRead } = await fh.read(into, 0, into.length, null);
        if (bytesRead === 0) return true;
        if (room === 0) return false;
        this.written += bytesRead;
      }
    } finally {
      await fh.close();
    }
  }

  /** The complete frames (a trailing partial frame is dropped). */
  frames(): Uint8Array[] {
    const shared = this.shared;
    if (!shared) return [];
    const n = Math.floor(this.written / this.frameBytes);
    return Array.from({ length: n }, (_, i) => new Uint8Array(shared, i * this.frameBytes, this.frameBytes));
  }

  /** Hands the buffer back for the next clip; the frames must no longer be in use. */
  release(): void {
    if (this.shared && free.length < KEEP_FREE) free.push(this.shared);
    this.shared = null;
  }
}
