import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where ffmpeg writes a clip's raw frames: a private folder in RAM (/dev/shm), read back into the frame buffer
 * in large blocks once ffmpeg exits. Through a pipe, Node receives the 35 MB of a 3-s clip as ~550 chunks of 64 KB,
 * each a new buffer and a stream event; that cost the main thread 0.31-0.35 CPU-s and the decode 0.50-0.53 s of
 * wall time, against 0.14-0.15 s and 0.37-0.41 s through a RAM file (same ffmpeg, same clip: docs/benchmarks-history.md).
 * The folder is named like the upload folders (`rollcall-face-<pid>-`), so the sweep at start removes one left by
 * a process killed mid-check; the frames never reach a disk.
 */
export const RAM_DIR = '/dev/shm';

/**
 * RAM needed before frames go to a file: the longest allowed clip (~117 MB at 640x480), once for each of up to
 * CONCURRENT_DECODES checks at once (one per worker, 2 by default, 4 at most by default). A small /dev/shm (Docker
 * gives 64 MB) or none at all keeps the pipe.
 */
const CONCURRENT_DECODES = 4;

export async function ramFramesDir(prefix: string, bytesPerClip: number, ramDir = RAM_DIR): Promise<string | null> {
  try {
    const s = await fs.statfs(ramDir);
    if (s.bavail * s.bsize < CONCURRENT_DECODES * bytesPerClip) return null;
    return await fs.mkdtemp(path.join(ramDir, prefix));
  } catch {
    return null;
  }
}
