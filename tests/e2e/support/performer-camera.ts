import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ffmpegPath } from '@server/face/decoding/index';
import type { ChallengeStep } from '@shared/face/face-challenge';
import { fixture } from '@harness/face-fixtures';
import { P1, type Segment } from '@harness/live-stream';

/** A person's frames as JPEG data URLs (320x240, 25 fps): a still face to wait with, and each move. */
export interface PerformerFrames {
  idle: string[];
  moves: Record<ChallengeStep, string[]>;
}

export interface PerformerOptions {
  frames: PerformerFrames;
  /** ms from an instruction's appearance on the page to the start of its move; null: the camera never moves */
  reactionMs: number | null;
  fps: number;
}

/** What the camera did, on window.__camera: frames drawn, idle frames dropped to keep time, the moves played. */
export interface CameraTrace {
  drawn: number;
  dropped: number;
  /** each move played: when it began, and when its last frame was drawn (`endAt`; the page's performance.now()) */
  played: { index: number; step: string; at: number; endAt?: number }[];
}

/**
 * The segments of `person` (live-stream.ts: p1's real moves) decoded by ffmpeg to JPEG frames in a temp dir, as
 * data URLs for the page. Frame n of a segment is the clip's frame n at 25 fps, as live-stream.ts reads them.
 */
export function performerFrames(person: { idle: Segment; moves: Record<ChallengeStep, Segment> } = P1): PerformerFrames {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-performer-'));
  const decoded = new Map<string, string[]>();
  const framesOf = (s: Segment) => {
    let clip = decoded.get(s.clip);
    if (!clip) {
      const pattern = path.join(dir, `${s.clip}-%04d.jpg`);
      execFileSync(ffmpegPath(), ['-loglevel', 'error', '-i', fixture('challenge', `${s.clip}.webm`), '-vf', 'scale=320:240,fps=25', '-q:v', '3', pattern]);
      clip = fs
        .readdirSync(dir)
        .filter((f) => f.startsWith(`${s.clip}-`))
        .sort()
        .map((f) => `data:image/jpeg;base64,${fs.readFileSync(path.join(dir, f)).toString('base64')}`);
      decoded.set(s.clip, clip);
    }
    return clip.slice(s.from, s.to);
  };
  try {
    return {
      idle: framesOf(person.idle),
      moves: { turn_left: framesOf(person.moves.turn_left), turn_right: framesOf(person.moves.turn_right), blink: framesOf(person.moves.blink) },
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs in the page (context.addInitScript): the camera is a person in front of it. getUserMedia answers a 320x240
 * canvas's captureStream at `fps`, drawn from frames decoded before the camera starts: the still face back and forth,
 * and `reactionMs` after the face check's instruction shows a new data-index, that instruction's move (queued after a
 * move still playing). Drawn on a timer, not on animation frames, so a throttled tab keeps its camera; when the timer
 * runs late, still frames are dropped to keep time (as a camera drops frames), a move's never.
 */
export function installPerformerCamera({ frames, reactionMs, fps }: PerformerOptions) {
  const period = 1000 / fps;
  const load = (urls: string[]) =>
    Promise.all(
      urls.map(async (url) => {
        const img = new Image();
        img.src = url;
        await img.decode();
        return createImageBitmap(img);
      }),
    );
  const decoded = Promise.all([load(frames.idle), load(frames.moves.turn_left), load(frames.moves.turn_right), load(frames.moves.blink)]);
  const trace: CameraTrace = { drawn: 0, dropped: 0, played: [] };
  Object.assign(window, { __camera: trace });
  const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (constraints) => {
    if (!constraints?.video) return original(constraints);
    const [idle, turnLeft, turnRight, blink] = await decoded;
    const moves: Record<string, ImageBitmap[]> = { turn_left: turnLeft, turn_right: turnRight, blink };
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
    const queue: ImageBitmap[] = [];
    /** the move whose last frame is queue's frame `ends.get(frame)`: its end is noted when that frame is drawn */
    const ends = new Map<ImageBitmap, CameraTrace['played'][number]>();
    let idleAt = 0;
    let idleStep = 1;
    const next = () => {
      const queued = queue.shift();
      if (queued) return queued;
      const frame = idle[idleAt];
      if (idleAt + idleStep < 0 || idleAt + idleStep >= idle.length) idleStep = -idleStep;
      idleAt += idleStep;
      return frame;
    };
    ctx.drawImage(next(), 0, 0);
    const stream = canvas.captureStream(fps);
    const track = stream.getVideoTracks()[0];
    let due = performance.now() + period;
    let lastIndex: string | null = null;
    const timer = setInterval(() => {
      if (track.readyState === 'ended') {
        clearInterval(timer);
        return;
      }
      const shown = document.querySelector('[data-testid="challenge-instruction"]');
      const index = shown?.getAttribute('data-index') ?? null;
      const step = shown?.getAttribute('data-step') ?? '';
      if (reactionMs !== null && index !== null && index !== lastIndex && moves[step]) {
        setTimeout(() => {
          const entry = { index: Number(index), step, at: performance.now() };
          trace.played.push(entry);
          queue.push(...moves[step]);
          ends.set(queue[queue.length - 1], entry);
        }, reactionMs);
      }
      lastIndex = index;
      const now = performance.now();
      if (now < due) return;
      if (now - due >= period) {
        if (queue.length) due = now;
        else
          while (now - due >= period && !queue.length) {
            next();
            trace.dropped++;
            due += period;
          }
      }
      const frame = next();
      ctx.drawImage(frame, 0, 0);
      trace.drawn++;
      const ended = ends.get(frame);
      if (ended && queue.length === 0) {
        ended.endAt = performance.now();
        ends.delete(frame);
      }
      due += period;
    }, 5);
    return stream;
  };
}
