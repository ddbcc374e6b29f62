import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where ffmpeg writes a clip's raw frames: a private folder in RAM (/dev/shm), read back into the frame buffer
 * in large blocks once ffmpeg exits. Through a pipe, Node receives the 35 MB of a 3-s clip as ~550 chunks of 64 KB,
 * each a new buffer and a stream event; that cost the main thread 0.31-0.35 CPU-s and the check ~0.5 s of wall
 * time, against 0.12-0.14 s and ~0.37 s through a RAM file (`.scratch`-style comparison in docs/benchmarks.md,
 * same ffmpeg, same clip). The folder is named like the upload folders (`rollcall-face-<pid>-`), so the sweep at
 * start removes one left by a process killed mid-check; the frames never reach a disk.
 */
export const RAM_DIR = '/dev/shm';

/**
 * RAM needed before frames go to a file: the longest allowed clip, twice (two decodes may run at once). A small
 * /dev/shm (Docker gives 64 MB) or none at all keeps the pipe.
 */
export async function ramFramesDir(prefix: string, bytesPerClip: number, ramDir = RAM_DIR): Promise<string | null> {
  try {
    const s = await fs.statfs(ramDir);
    if (s.bavail * s.bsize < 2 * bytesPerClip) return null;
    return await fs.mkdtemp(path.join(ramDir, prefix));
  } catch {
    return null;
  }
}
