import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChallengeStep } from '@shared/face/face-challenge';
import { ffmpegPath } from '@server/face/decoding/index';
import { fixture } from './face-fixtures';
import { concatPieces, FRAME, VP8_REALTIME, writeCuts } from './splice-clips';

/**
 * Challenge clips in the orders the fixtures lack (a blink, then a turn; c01 and c02 are a turn, then a blink): two real clips of the same person cut
 * together with the project's ffmpeg, nothing synthesised. Times are from the truth table of
 * fixtures/faces/challenge/README.md; each cut leaves out the moves of its clip that the order does not want.
 */
export interface ChallengePiece {
  clip: string;
  /** seconds into the clip */
  from: number;
  to: number;
}

export interface ChallengeSplice {
  name: string;
  pieces: ChallengePiece[];
  person: 'p1' | 'p3';
  /** the challenge this clip follows */
  steps: ChallengeStep[];
  what: string;
}

/**
 * p1 blinks at 1.52-1.64 s of c03 (frames 38-41) and nowhere else in 0.96-2.2 s. The cut starts on an even frame so
 * the engine's 12.5-fps samples fall on the same frames as in c03 itself (one starting on an odd frame sampled the
 * blink only half-closed, and no blink was read at all).
 */
const P1_BLINK: ChallengePiece = { clip: 'c03_p1_still_blink', from: 0.96, to: 2.2 };
/** p3 blinks at about 0.64-0.72 s and 0.92-1.04 s of c09. */
const P3_BLINK: ChallengePiece = { clip: 'c09_p3_still_blink', from: 0.4, to: 1.3 };

export const CHALLENGE_SPLICES: ChallengeSplice[] = [
  {
    name: 'order_p1_blink_then_right',
    // c02 turns right at 0.6-1.2 s and is back by 1.3 s; its blink (2.88 s) is left out
    pieces: [P1_BLINK, { clip: 'c02_p1_right_blink', from: 0, to: 2.0 }],
    person: 'p1',
    steps: ['blink', 'turn_right'],
    what: 'p1 blinks (c03), then turns to his own right (c02)',
  },
  {
    name: 'order_p1_blink_then_left',
    // c01 turns left from 1.2 s; cut at 1.88 s, before its blink (frame 48), with the head still turned
    pieces: [P1_BLINK, { clip: 'c01_p1_left_blink', from: 0.7, to: 1.88 }],
    person: 'p1',
    steps: ['blink', 'turn_left'],
    what: 'p1 blinks (c03), then turns to his own left (c01, cut before its blink)',
  },
  {
    name: 'order_p3_blink_then_left',
    // c08 turns left (peak ~1.1 s) and comes back by 1.8 s; its downcast start and its right turn are left out
    pieces: [P3_BLINK, { clip: 'c08_p3_left_right', from: 0.6, to: 1.8 }],
    person: 'p3',
    steps: ['blink', 'turn_left'],
    what: 'p3 blinks (c09), then turns to her own left (c08)',
  },
];

export const CHALLENGE_ENROLL = {
  p1: ['enroll_p1_src5.jpg', 'enroll_p1_src176.jpg', 'enroll_p1_src181.jpg'],
  p3: ['enroll_p3_src185.jpg', 'enroll_p3_src192.jpg', 'enroll_p3_src200.jpg'],
} as const;

/** Builds one cut as webm bytes (VP8 640x480 25 fps, like a browser's MediaRecorder upload). */
export const buildChallengeSplice = (spec: ChallengeSplice): Buffer =>
  concatPieces(spec.pieces.map((p) => ['-ss', String(p.from), '-t', String(p.to - p.from), '-i', fixture('challenge', `${p.clip}.webm`)]));

/** Builds every challenge cut into `dir` (default: a fresh temp dir) and returns their paths by name. */
export const writeChallengeSplices = (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-challenge-'))) =>
  writeCuts(CHALLENGE_SPLICES, buildChallengeSplice, dir);

/** The fixture clips' frame rate (faces/challenge/README.md). */
const CLIP_FPS = 25;

/** Where a clip's head and eyes are still, from its start and up to its end (s), and how long to hold each. */
export interface StillEnds {
  /** the clip's first `headS` seconds are still (before its first move) */
  headS: number;
  /** its last `tailS` seconds are still (after its last move) */
  tailS: number;
  /** how long the still start is shown before the clip plays, and the still end after it */
  leadInS: number;
  leadOutS: number;
}

/**
 * `n` frame indices swinging back and forth over `from`..`to` (inclusive), starting at `from`: the still part of a
 * clip played forward then backward, so the face keeps its own small sway and never jumps.
 */
export function swing(from: number, to: number, n: number): number[] {
  const span = Math.abs(to - from);
  const dir = Math.sign(to - from) || 1;
  return Array.from({ length: n }, (_, i) => {
    const k = span === 0 ? 0 : i % (2 * span);
    return from + dir * (k <= span ? k : 2 * span - k);
  });
}

/**
 * The frames of a clip of `frames` frames as a camera that kept running would show them: its own still start swung
 * back and forth for `leadInS`, the clip, its own still end swung for `leadOutS` (every frame one of the clip's, in
 * an order a head can move in). `headEnd` and `tailStart` are the last frame of the still start and the first of
 * the still end.
 */
function heldOrder(frames: number, still: StillEnds): { order: number[]; headEnd: number; tailStart: number } {
  const last = frames - 1;
  const headEnd = Math.max(1, Math.round(still.headS * CLIP_FPS) - 1);
  const tailStart = Math.min(last - 1, last - Math.round(still.tailS * CLIP_FPS) + 1);
  // the lead-in ends on frame 0, where the clip starts; the lead-out starts from the clip's last frame
  const leadIn = swing(0, headEnd, Math.round(still.leadInS * CLIP_FPS) + 1)
    .reverse()
    .slice(0, -1);
  const leadOut = swing(last, tailStart, Math.round(still.leadOutS * CLIP_FPS) + 1).slice(1);
  return { order: [...leadIn, ...Array.from({ length: frames }, (_, i) => i), ...leadOut], headEnd, tailStart };
}

/**
 * A challenge clip with its still ends held (heldOrder), as webm bytes like buildChallengeSplice's: what a browser
 * records of a student who faces the camera before the first step and stays as they are once the last one ticks
 * (the page records a moment more).
 */
export function buildHeldClip(clip: string, still: StillEnds): Buffer {
  return buildFromFrames(clip, (frames) => heldOrder(frames, still).order);
}

const W = 640;
const H = 480;

/** A challenge clip's frames at 25 fps, 640x480 yuv420p. */
function clipFrames(clip: string): Buffer[] {
  const size = (W * H * 3) / 2;
  const raw = execFileSync(
    ffmpegPath(),
    ['-v', 'error', '-i', fixture('challenge', `${clip}.webm`), '-vf', FRAME, '-f', 'rawvideo', '-pix_fmt', 'yuv420p', 'pipe:1'],
    { maxBuffer: 256 * 1024 * 1024 },
  );
  return Array.from({ length: Math.floor(raw.length / size) }, (_, i) => raw.subarray(i * size, (i + 1) * size));
}

/** Frames encoded at 25 fps as webm bytes. */
function encodeFrames(frames: Buffer[]): Buffer {
  const args = ['-v', 'error', '-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', `${W}x${H}`, '-r', String(CLIP_FPS), '-i', 'pipe:0'];
  return execFileSync(ffmpegPath(), [...args, ...VP8_REALTIME, '-b:v', '1M', '-f', 'webm', 'pipe:1'], {
    input: Buffer.concat(frames),
    maxBuffer: 64 * 1024 * 1024,
  });
}

/**
 * A challenge clip's own frames in the order `order` gives them (frame indices of the clip at 25 fps, repeats
 * allowed), encoded at 25 fps as webm bytes: every frame one of the clip's.
 */
export function buildFromFrames(clip: string, order: (frames: number) => number[]): Buffer {
  const frames = clipFrames(clip);
  return encodeFrames(order(frames.length).map((i) => frames[i]));
}

/**
 * Two clips woven frame by frame: the even frames `even`'s, the odd ones `odd`'s, as long as the shorter. Each of the
 * engine's two looks (every other frame) then reads one whole clip: an attacker's upload of two recordings at once.
 */
export function buildInterleaved(even: string, odd: string): Buffer {
  const [a, b] = [clipFrames(even), clipFrames(odd)];
  return encodeFrames(Array.from({ length: Math.min(a.length, b.length) }, (_, i) => (i % 2 ? b[i] : a[i])));
}
