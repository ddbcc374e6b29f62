import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ffmpegPath } from './ffmpeg';

/** An ffmpeg started ahead of an upload, waiting for a webm on its stdin; used for exactly one clip. */
export interface StartedDecoder {
  child: ChildProcess;
  /** the file it will write the frames to (in its own folder in RAM), or null: frames on stdout */
  out: string | null;
  /** its folder in RAM, removed with the decode */
  dir: string | null;
}

/** What a decoder needs decided before its upload exists (decode-video.ts builds it). */
export interface DecoderPlan {
  fps: number;
  /** a private folder for the frames, or null for the pipe (frames-dir.ts) */
  makeDir: () => Promise<string | null>;
  /** ffmpeg's arguments for a webm on stdin, writing to `out` (or stdout when null) */
  args: (out: string | null) => string[];
}

export function startDecoder(args: string[]): ChildProcess {
  return spawn(ffmpegPath(), args, { stdio: ['pipe', 'pipe', 'pipe'] });
}

/**
 * Debian's ffmpeg links ~215 shared libraries: starting one takes 0.2-0.4 s before it reads a byte (measured), a
 * third of a check's wall time when the server is otherwise idle. So the engine keeps one ffmpeg per concurrent
 * check started ahead, blocked reading its stdin. Each serves exactly one upload and exits with it (nothing of one
 * student's video can reach another's decode, as with a process per check); a new one is started when the check
 * that took it ends, in the idle time after the answer rather than beside that check's own work. It saves no CPU:
 * in a burst the spare starts while other checks run, as a fresh one would.
 */
export class SpareDecoders {
  private ready: StartedDecoder[] = [];
  private starting = 0;
  private closed = false;

  constructor(
    private readonly count: number,
    private readonly plan: DecoderPlan,
  ) {}

  /** Decoders started and waiting for an upload. */
  get waiting(): number {
    return this.ready.length;
  }

  /** A started decoder still alive, or null (then the caller starts its own). */
  take(fps: number): StartedDecoder | null {
    if (fps !== this.plan.fps) return null;
    for (let d = this.ready.shift(); d; d = this.ready.shift()) {
      if (d.child.exitCode === null && d.child.signalCode === null) return hold(d, true);
      void discard(d);
    }
    return null;
  }

  /** Starts decoders until `count` wait. */
  async refill(): Promise<void> {
    while (!this.closed && this.ready.length + this.starting < this.count) {
      this.starting++;
      try {
        const dir = await this.plan.makeDir();
        const out = dir && path.join(dir, 'frames');
        const child = startDecoder(this.plan.args(out));
        child.stdin?.on('error', () => {});
        child.on('error', () => {});
        // a waiting spare does not keep the process alive (an engine never closed, a test's)
        const d = hold({ child, out, dir }, false);
        if (this.closed) void discard(d);
        else this.ready.push(d);
      } finally {
        this.starting--;
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.ready.splice(0).map(discard));
  }
}

function hold(d: StartedDecoder, ref: boolean): StartedDecoder {
  for (const h of [d.child, d.child.stdin, d.child.stdout, d.child.stderr] as ({ ref(): void; unref(): void } | null)[])
    if (ref) h?.ref();
    else h?.unref();
  return d;
}

async function discard(d: StartedDecoder): Promise<void> {
  d.child.kill('SIGKILL');
  if (d.dir) await fs.rm(d.dir, { recursive: true, force: true });
}
