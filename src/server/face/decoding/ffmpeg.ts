import fs from 'node:fs';
import { bundledFfmpeg } from '@server/lib/install-layout';
import { UPLOAD_FRAME_MAX_PIXELS } from './frame-size';

/** Debian's ffmpeg, kept patched by the system's security updates (`apt-get install -y ffmpeg`). */
export const SYSTEM_FFMPEG = '/usr/bin/ffmpeg';

const executable = (p: string) => {
  try {
    fs.accessSync(p, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * The ffmpeg that decodes uploads: FFMPEG_PATH if set, else the system's maintained build where installed, else the
 * static build @ffmpeg-installer ships (from 2018: a fallback only, it gets no security fixes).
 */
export function ffmpegPath(): string {
  if (process.env.FFMPEG_PATH) return process.env.FFMPEG_PATH;
  if (executable(SYSTEM_FFMPEG)) return SYSTEM_FFMPEG;
  const p = bundledFfmpeg();
  if (!executable(p))
    throw new Error(
      `ffmpeg at ${p} is not executable: install the system's (apt-get install -y ffmpeg), or in a checkout run \`npm rebuild @ffmpeg-installer/linux-x64\``,
    );
  return p;
}

/**
 * Input options for untrusted uploads: only what browsers record (webm/matroska, mp4/mov; VP8, VP9, H.264) is
 * demuxed or decoded, so a crafted file cannot reach ffmpeg's hundreds of other parsers. Anything else fails to open
 * and is answered as not a video. Audio tracks are dropped (-an) and their decoders are not on the list either.
 * `-f_err_detect explode` (the demuxer's alone) makes ffmpeg 5+ say when a webm ends mid-cluster: it stays silent
 * otherwise, and a cut upload would pass as a shorter clip. `-max_pixels` makes the decoder itself refuse a frame of
 * more pixels than 1920x1080, whatever the header said (both the system's ffmpeg and the 2018 build have it).
 */
export const UPLOAD_INPUT_ARGS = [
  '-protocol_whitelist',
  'file,pipe',
  '-format_whitelist',
  'matroska,webm,mov,mp4',
  '-codec_whitelist',
  'vp8,vp9,h264',
  '-f_err_detect',
  'explode',
  '-max_pixels',
  String(UPLOAD_FRAME_MAX_PIXELS),
];

/** What the decoder says when a frame is over -max_pixels (ffmpeg 4 and 5 alike). */
export const OVERSIZED_FRAME_PATTERN = /exceeds specified max pixel count|Picture size \d+x\d+ is invalid/;

export interface StreamInfo {
  /** seconds from the container header; null when absent (browser MediaRecorder webm has none) */
  durationSec: number | null;
  hasVideo: boolean;
  /** frame size the input's video stream line gives (from the container header or the first decoded frame) */
  inWidth: number | null;
  inHeight: number | null;
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
  const input = /Stream #\d+:\d+.*?: Video: [^\n]*?, (\d+)x(\d+)/.exec(inputPart);
  return {
    durationSec: dur ? Number(dur[1]) * 3600 + Number(dur[2]) * 60 + Number(dur[3]) : null,
    hasVideo: /Stream #\d+:\d+.*?: Video:/.test(inputPart),
    inWidth: input ? Number(input[1]) : null,
    inHeight: input ? Number(input[2]) : null,
    outWidth: out ? Number(out[1]) : null,
    outHeight: out ? Number(out[2]) : null,
  };
}

/** Demuxer and decoder complaints that mean the file is cut short or damaged. */
export const CORRUPT_PATTERN =
  /Read error|Truncat|corrupt|Error while decoding|partial file|EBML header parsing failed|invalid as first byte|End of file|ended prematurely|moov atom not found/i;
