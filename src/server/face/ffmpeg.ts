import { createRequire } from 'node:module';
import fs from 'node:fs';

/** Path of the ffmpeg binary that @ffmpeg-installer ships; FFMPEG_PATH overrides it. */
export function ffmpegPath(): string {
  if (process.env.FFMPEG_PATH) return process.env.FFMPEG_PATH;
  const require = createRequire(import.meta.url);
  const p = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  try {
    fs.accessSync(p, fs.constants.X_OK);
  } catch {
    throw new Error(`ffmpeg at ${p} is not executable: run \`npm rebuild @ffmpeg-installer/linux-x64\``);
  }
  return p;
}

export interface StreamInfo {
  /** seconds from the container header; null when absent (browser MediaRecorder webm has none) */
  durationSec: number | null;
  hasVideo: boolean;
  /** size of the raw frames ffmpeg writes, from its output stream line */
  outWidth: number | null;
  outHeight: number | null;
}

/** Reads what ffmpeg prints at log level info before the first frame: input duration, output frame size. */
export function parseStreamInfo(stderr: string): StreamInfo {
  const dur = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(stderr);
  const inputPart = stderr.split(/^Output #0/m)[0];
  const outputPart = stderr.includes('Output #0') ? stderr.slice(stderr.indexOf('Output #0')) : '';
  const out = /Stream #0:0.*?: Video: rawvideo.*?, (\d+)x(\d+)/.exec(outputPart);
  return {
    durationSec: dur ? Number(dur[1]) * 3600 + Number(dur[2]) * 60 + Number(dur[3]) : null,
    hasVideo: /Stream #\d+:\d+.*?: Video:/.test(inputPart),
    outWidth: out ? Number(out[1]) : null,
    outHeight: out ? Number(out[2]) : null,
  };
}

/** Demuxer and decoder complaints that mean the file is cut short or damaged. */
export const CORRUPT_PATTERN = /Read error|Truncat|corrupt|Error while decoding|partial file|EBML header parsing failed|invalid as first byte|End of file|moov atom not found/i;
