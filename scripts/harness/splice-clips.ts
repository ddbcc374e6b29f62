import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ffmpegPath } from '@server/face/decoding/index';
import { fixture } from './face-fixtures';

/**
 * Splice attacks cut together from the real fixture footage (nothing synthesised): a photo of the enrolled student
 * held still, then someone else's live blink, and the reverse; a cut from one live person to another.
 * Each piece is 1.5 s at 25 fps, 640x480, encoded as VP8 webm like a browser's MediaRecorder upload.
 */
export type SplicePiece = { photo: string } | { clip: string; from: number };

export interface SpliceSpec {
  name: string;
  pieces: [SplicePiece, SplicePiece];
  /** who it is enrolled as in the tests, and what a check must answer */
  enrolledAs: 'aoc' | 'mcguinness';
  what: string;
}

const MCG_PHOTO = { photo: 'enroll_mcguinness_f003.jpg' };
const AOC_FIRST = { clip: 'aoc_3blinks_3s', from: 0 }; // blinks at 0.36-0.48 s and 1.12-1.28 s
const AOC_SECOND = { clip: 'aoc_3blinks_3s', from: 1.5 }; // blink at 1.96-2.08 s
const MCG_LIVE_FIRST = { clip: 'mcguinness_0blinks_3s', from: 0 };
const MCG_LIVE_SECOND = { clip: 'mcguinness_0blinks_3s', from: 1.5 };

export const SPLICES: SpliceSpec[] = [
  {
    name: 'splice_photo_mcg_then_aoc_blink',
    pieces: [MCG_PHOTO, AOC_SECOND],
    enrolledAs: 'mcguinness',
    what: "mcguinness's photo held still, then aoc blinking",
  },
  {
    name: 'splice_aoc_blink_then_photo_mcg',
    pieces: [AOC_FIRST, MCG_PHOTO],
    enrolledAs: 'mcguinness',
    what: "aoc blinking, then mcguinness's photo held still",
  },
  { name: 'splice_live_aoc_then_mcg', pieces: [AOC_FIRST, MCG_LIVE_SECOND], enrolledAs: 'aoc', what: 'live aoc blinking, then live mcguinness' },
  { name: 'splice_live_mcg_then_aoc', pieces: [MCG_LIVE_FIRST, AOC_SECOND], enrolledAs: 'mcguinness', what: 'live mcguinness, then live aoc blinking' },
];

const PIECE_SECONDS = 1.5;
/**
 * libvpx's realtime mode, as a browser's recorder encodes (and live-stream.ts's camera): its default, the slowest and
 * best, costs more CPU than the engine's check of the cut it makes. The speed is fixed (a negative -cpu-used): with a
 * positive one libvpx picks its speed by how long each frame took to encode, so a loaded machine made different
 * bytes of the same cut, and a test's input changed with the load.
 */
export const VP8_REALTIME = ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '-8'];
/** Every piece as a browser records: 640x480 (letterboxed, never stretched), 25 fps. */
export const FRAME = 'scale=640:480:force_original_aspect_ratio=decrease,pad=640:480:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=25,format=yuv420p';

function inputArgs(p: SplicePiece): string[] {
  return 'photo' in p
    ? ['-loop', '1', '-framerate', '25', '-t', String(PIECE_SECONDS), '-i', fixture('clips', p.photo)]
    : ['-ss', String(p.from), '-t', String(PIECE_SECONDS), '-i', fixture('clips', `${p.clip}.webm`)];
}

/** Builds one splice as webm bytes with the project's ffmpeg. */
export const buildSplice = (spec: SpliceSpec): Buffer => concatPieces(spec.pieces.map(inputArgs), ['-t', '3']);

/** Builds every splice into `dir` (default: a fresh temp dir) and returns their paths by name. */
export const writeSplices = (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-splices-'))) => writeCuts(SPLICES, buildSplice, dir);

/**
 * Pieces of fixture footage (the ffmpeg input arguments of each) framed alike and played one after the other, with
 * `output` options before the encoding (a length): VP8 webm bytes, like a browser's MediaRecorder upload.
 */
export function concatPieces(inputs: string[][], output: string[] = []): Buffer {
  const chains = inputs.map((_, i) => `[${i}:v]${FRAME},setpts=PTS-STARTPTS[p${i}]`).join(';');
  const filter = `${chains};${inputs.map((_, i) => `[p${i}]`).join('')}concat=n=${inputs.length}:v=1:a=0[v]`;
  const args = ['-v', 'error', ...inputs.flat(), '-filter_complex', filter, '-map', '[v]', ...output, ...VP8_REALTIME, '-b:v', '1M', '-f', 'webm', 'pipe:1'];
  return execFileSync(ffmpegPath(), args, { maxBuffer: 16 * 1024 * 1024 });
}

/** Builds every cut into `dir` as NAME.webm and returns their paths by name. */
export function writeCuts<T extends { name: string }>(cuts: readonly T[], build: (cut: T) => Buffer, dir: string): Map<string, string> {
  fs.mkdirSync(dir, { recursive: true });
  const out = new Map<string, string>();
  for (const cut of cuts) {
    const file = path.join(dir, `${cut.name}.webm`);
    fs.writeFileSync(file, build(cut));
    out.set(cut.name, file);
  }
  return out;
}

/**
 * What Chromium's fake camera records when Start is pressed `offset` seconds into its looping .y4m: 3 s from there,
 * wrapping round (320x240, as the browser's upload). Real footage, cut, not synthesised.
 */
export function buildLoopCut(clip: string, offset: number): Buffer {
  const args = [
    '-v',
    'error',
    '-stream_loop',
    '1',
    '-i',
    fixture('clips', `${clip}.y4m`),
    '-ss',
    String(offset),
    '-t',
    '3',
    ...VP8_REALTIME,
    '-b:v',
    '600k',
    '-f',
    'webm',
    'pipe:1',
  ];
  return execFileSync(ffmpegPath(), args, { maxBuffer: 16 * 1024 * 1024 });
}
