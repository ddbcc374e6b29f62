import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import WebSocket from 'ws';
import { FACE_STREAM_PATH, FACE_STREAM_TIMESLICE_MS, type FaceStreamServerMessage, type TFaceStreamClientMessage } from '@shared/face/face-stream';
import type { ChallengeStep } from '@shared/face/face-challenge';
import { fixture } from './face-fixtures';
import { ffmpegPath } from '@server/face/decoding/index';
import { encodeVp8, LiveWebm, type Vp8Frame } from './vp8-webm';

/**
 * The live face check over its own protocol, without a browser (issue 33): a WebSocket client and a camera made of
 * real fixture frames, encoded to VP8 beforehand and streamed as WebM in real time as a browser's MediaRecorder
 * would (vp8-webm.ts). A performer reacts to each instruction by playing the fixture segment of that move (a live person); a
 * script plays a fixed recording whatever is asked (a pre-recorded clip streamed in real time).
 */

const W = 320;
const H = 240;
const FPS = 25;
const FRAME_BYTES = (W * H * 3) / 2;

const cache = new Map<string, Buffer[]>();
const run = promisify(execFile);

/** A challenge clip's frames at 25 fps, 320x240 I420 (faces/challenge/README.md). */
const decodeArgs = (clip: string) => [
  '-loglevel',
  'error',
  '-i',
  fixture('challenge', `${clip}.webm`),
  '-vf',
  `scale=${W}:${H},fps=${FPS}`,
  '-pix_fmt',
  'yuv420p',
  '-f',
  'rawvideo',
  'pipe:1',
];
const toFrames = (raw: Buffer) => Array.from({ length: Math.floor(raw.length / FRAME_BYTES) }, (_, i) => raw.subarray(i * FRAME_BYTES, (i + 1) * FRAME_BYTES));

/**
 * A challenge clip's frames at 25 fps, 320x240 I420 (faces/challenge/README.md). Decoded synchronously on first use:
 * call preloadClips first where a server runs in the same process, or its event loop stops while ffmpeg runs.
 */
export function clipFrames(clip: string): Buffer[] {
  const hit = cache.get(clip);
  if (hit) return hit;
  const frames = toFrames(execFileSync(ffmpegPath(), decodeArgs(clip), { maxBuffer: 256 * 1024 * 1024 }));
  cache.set(clip, frames);
  return frames;
}

/** Decodes the clips without stopping the event loop (liveCheck calls it for the clips it plays). */
export async function preloadClips(clips: string[]): Promise<void> {
  const missing = [...new Set(clips)].filter((c) => !cache.has(c));
  const raws = await Promise.all(missing.map((c) => run(ffmpegPath(), decodeArgs(c), { maxBuffer: 256 * 1024 * 1024, encoding: 'buffer' })));
  for (const [i, c] of missing.entries()) cache.set(c, toFrames(raws[i].stdout));
}

/** A run of a clip's frames, [from, to) in frame numbers at 25 fps. */
export interface Segment {
  clip: string;
  from: number;
  to: number;
}

/**
 * p1's moves in his own clips (faces/challenge/README.md; frames at 25 fps): a still face to wait with (c03 before
 * its blink, played back and forth), his left turn and back (c01 1.12-2.4 s, its blink while turning back
 * included), his right turn and back (c02 0.52-1.32 s), and a blink (c03 1.4-1.84 s).
 */
export const P1: { idle: Segment; moves: Record<ChallengeStep, Segment> } = {
  idle: { clip: 'c03_p1_still_blink', from: 0, to: 34 },
  moves: {
    turn_left: { clip: 'c01_p1_left_blink', from: 28, to: 60 },
    turn_right: { clip: 'c02_p1_right_blink', from: 13, to: 33 },
    blink: { clip: 'c03_p1_still_blink', from: 35, to: 46 },
  },
};

const framesOf = (s: Segment) => clipFrames(s.clip).slice(s.from, s.to);

/** Runs the cameras play, encoded once per process (prepareCamera), by what they play. */
const encoding = new Map<string, Promise<Vp8Frame[]>>();
const encoded = new Map<string, Vp8Frame[]>();
const runKey = (segments: Segment[]) => segments.map((s) => `${s.clip} ${s.from}-${s.to}`).join(', ');
const idleKey = (idle: Segment) => `idle: ${runKey([idle])}`;

async function encodeOnce(key: string, frames: () => Buffer[], keyEvery?: number) {
  let run = encoding.get(key);
  if (!run) {
    run = encodeVp8(frames(), { width: W, height: H, fps: FPS }, keyEvery);
    encoding.set(key, run);
    run.then(
      (f) => encoded.set(key, f),
      () => encoding.delete(key),
    );
  }
  await run;
}

const runOf = (key: string) => {
  const run = encoded.get(key);
  if (!run) throw new Error(`${key} is not encoded: call prepareCamera first`);
  return run;
};

/**
 * Encodes, before any stream starts, everything a camera may play: `idle` back and forth (every frame a key frame,
 * so a move may cut in at any frame) and each run of `plays` (a move, or a script's segments played in a row).
 */
export async function prepareCamera(idle: Segment, plays: Segment[][]): Promise<void> {
  await preloadClips([idle, ...plays.flat()].map((s) => s.clip));
  const there = framesOf(idle);
  await Promise.all([
    encodeOnce(idleKey(idle), () => [...there, ...there.slice(1, -1).reverse()], 1),
    ...plays.map((segments) => encodeOnce(runKey(segments), () => segments.flatMap(framesOf))),
  ]);
}

/**
 * A camera sending a live WebM (VP8, clusters of at most 250 ms), one frame every 40 ms of real time, each as it is
 * due, as a browser's MediaRecorder streams. What plays is a queue of runs; when it runs dry it plays `idle` back
 * and forth, as a person waits facing the camera. Every frame is encoded before the stream starts (prepareCamera):
 * encoding live, on the cores the server's engine uses, fell seconds behind on a loaded machine, and the server,
 * which dates the video by its first frames' arrival, then read each move seconds after the instruction it answered.
 */
export class FixtureCamera {
  private readonly webm = new LiveWebm({ width: W, height: H });
  private readonly idle: Vp8Frame[];
  private queue: Vp8Frame[] = [];
  private idleAt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private sent = 0;
  private t0 = 0;
  /** callbacks for the frame after which each is due (a run's last frame sent) */
  private ends: { frame: number; fn: (at: number) => void }[] = [];
  /** frame numbers (from the stream's start) where each queued run began: for the test's report */
  readonly played: { label: string; frame: number }[] = [];

  /** `idle` and every run it will play must be prepared (prepareCamera). */
  constructor(
    idle: Segment,
    private readonly onData: (chunk: Buffer) => void,
  ) {
    this.idle = runOf(idleKey(idle));
  }

  start() {
    this.t0 = performance.now();
    this.tick();
  }

  /** Plays a segment once the runs before it have played; `onEnd` gets the time its last frame was sent. */
  play(segment: Segment, label: string, onEnd?: (at: number) => void) {
    this.played.push({ label, frame: this.sent + this.queue.length });
    this.queue.push(...runOf(runKey([segment])));
    if (onEnd) this.ends.push({ frame: this.sent + this.queue.length, fn: onEnd });
  }

  /** Plays these segments in a row now, whatever is queued (a recording made in advance). */
  script(segments: Segment[]) {
    this.queue = [...runOf(runKey(segments))];
  }

  /** Stops sending: every frame due has been sent, nothing is left to flush. */
  stop() {
    clearTimeout(this.timer);
  }

  private next(): Vp8Frame {
    return this.queue.shift() ?? this.idle[this.idleAt++ % this.idle.length];
  }

  private tick() {
    // every frame due by now, each at its own 40-ms place (a late timer sends the backlog at once, as a camera's
    // driver hands over frames it buffered)
    const due = Math.floor(((performance.now() - this.t0) * FPS) / 1000) + 1;
    while (this.sent < due) {
      this.onData(this.webm.frame(this.next(), (this.sent * 1000) / FPS));
      this.sent++;
      for (const e of this.ends.filter((x) => x.frame === this.sent)) e.fn(performance.now());
    }
    this.timer = setTimeout(() => this.tick(), this.t0 + (this.sent * 1000) / FPS - performance.now());
  }
}

export interface LiveAttempt {
  /** the verdict or refusal the server ended with */
  answer: Extract<FaceStreamServerMessage, { type: 'verdict' } | { type: 'refused' }>;
  steps: ChallengeStep[];
  /** ms from the first chunk sent to each instruction's arrival */
  stepAt: number[];
  /** ms from the last instruction's arrival to the verdict */
  verdictAfterLastStepMs: number | null;
  /** ms from the end of the last move played (its last frame sent) to the verdict */
  verdictAfterLastMoveMs: number | null;
  /** ms from the end of the last move to the server's `stop`, and from `stop` to the `end` sent */
  lastMoveToStopMs: number | null;
  stopToEndMs: number | null;
  played: { label: string; frame: number }[];
}

export interface LiveOptions {
  /** 'perform': play each instruction's move after `reactionMs`; a Segment[]: play these from the start, whatever is asked */
  mode: 'perform' | Segment[];
  reactionMs?: number;
  idle?: Segment;
  moves?: Record<ChallengeStep, Segment>;
  /** send `done` as the page does when it sees the last move, here as soon as that move has played */
  done?: boolean;
}

const wsUrl = (httpUrl: string) => `${httpUrl.replace(/^http/, 'ws')}${FACE_STREAM_PATH}`;

/** One live check of the login `token` on the server at `url`, from `start` to its verdict. */
export async function liveCheck(url: string, token: string, opts: LiveOptions): Promise<LiveAttempt> {
  const steps: ChallengeStep[] = [];
  const stepAt: number[] = [];
  let firstSent = 0;
  let camera: FixtureCamera | null = null;
  let lastMoveEnd: number | null = null;
  let stopAt: number | null = null;
  let endAt: number | null = null;
  const moves = opts.moves ?? P1.moves;
  const idle = opts.idle ?? P1.idle;
  await prepareCamera(idle, opts.mode === 'perform' ? Object.values(moves).map((m) => [m]) : [opts.mode]);
  const ws = new WebSocket(wsUrl(url));
  const answer = await new Promise<LiveAttempt['answer']>((resolve, reject) => {
    ws.on('open', () => ws.send(JSON.stringify({ type: 'start', token })));
    ws.on('error', reject);
    ws.on('close', () => resolve({ type: 'refused', status: 0, error_code: 'closed', message: 'the socket closed without an answer' }));
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      const msg = JSON.parse(data.toString()) as FaceStreamServerMessage;
      if (msg.type === 'ready') {
        camera = new FixtureCamera(idle, (chunk) => {
          if (!firstSent) firstSent = performance.now();
          if (ws.readyState === ws.OPEN) ws.send(chunk);
        });
        if (opts.mode !== 'perform') camera.script(opts.mode);
        camera.start();
      } else if (msg.type === 'step') {
        steps.push(msg.step);
        stepAt.push(performance.now() - firstSent);
        const c = camera;
        const last = msg.index === msg.of - 1;
        const onEnd = (at: number) => {
          if (!last) return;
          lastMoveEnd = at;
          if (opts.done && ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'done' }));
        };
        if (opts.mode === 'perform' && c) setTimeout(() => c.play(moves[msg.step], msg.step, onEnd), opts.reactionMs ?? 250);
      } else if (msg.type === 'stop') {
        stopAt = performance.now();
        camera?.stop();
        endAt = performance.now();
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type: 'end' }));
      } else resolve(msg);
    });
  });
  const verdictAt = performance.now();
  const after = steps.length ? verdictAt - firstSent - stepAt[stepAt.length - 1] : null;
  (camera as FixtureCamera | null)?.stop();
  ws.close();
  const ms = (from: number | null, to: number | null) => (from === null || to === null ? null : Math.round(to - from));
  return {
    answer,
    steps,
    stepAt,
    verdictAfterLastStepMs: after === null ? null : Math.round(after),
    verdictAfterLastMoveMs: ms(lastMoveEnd, verdictAt),
    lastMoveToStopMs: ms(lastMoveEnd, stopAt),
    stopToEndMs: ms(stopAt, endAt),
    played: (camera as FixtureCamera | null)?.played ?? [],
  };
}

/** A live check's stream as the server received it: the bytes, each chunk's offset and arrival, the instructions. */
export interface RecordedStream {
  video: Buffer;
  arrivals: { offset: number; at: number }[];
  steps: ChallengeStep[];
  sentAt: number[];
}

/**
 * Records what a server would receive from a live person performing `steps`, each sent at `sentAfterMs` from the
 * first chunk's arrival (the test plays the server's part): the engine's input, to judge again and again.
 */
export async function recordPerformance(steps: ChallengeStep[], sentAfterMs: number[], tailMs = 1800): Promise<RecordedStream> {
  await prepareCamera(
    P1.idle,
    Object.values(P1.moves).map((m) => [m]),
  );
  const chunks: Buffer[] = [];
  const arrivals: RecordedStream['arrivals'] = [];
  let bytes = 0;
  const camera = new FixtureCamera(P1.idle, (chunk) => {
    arrivals.push({ offset: bytes, at: performance.now() });
    chunks.push(chunk);
    bytes += chunk.length;
  });
  camera.start();
  while (arrivals.length === 0) await new Promise((r) => setTimeout(r, 5));
  const first = arrivals[0].at;
  const sentAt: number[] = [];
  for (const [i, step] of steps.entries()) {
    await new Promise((r) => setTimeout(r, Math.max(0, first + sentAfterMs[i] - performance.now())));
    sentAt.push(performance.now());
    setTimeout(() => camera.play(P1.moves[step], step), 250);
  }
  await new Promise((r) => setTimeout(r, tailMs));
  camera.stop();
  return { video: Buffer.concat(chunks), arrivals, steps, sentAt };
}

/** A bare socket to the face stream, for tests of the protocol itself: every message the server sent, in order. */
export interface FaceStreamSocket {
  ws: WebSocket;
  received: FaceStreamServerMessage[];
  send(msg: TFaceStreamClientMessage | Buffer): void;
  /** the first message of `type` the server sent (already or later); rejects if the socket closes without one */
  next<T extends FaceStreamServerMessage['type']>(type: T): Promise<Extract<FaceStreamServerMessage, { type: T }>>;
  /** how the check ended: its verdict or refusal, or status 0 'closed' when the socket closed without one */
  answer(): Promise<LiveAttempt['answer']>;
  /** resolves once the socket has closed */
  closed: Promise<void>;
}

/** Opens a socket to the face stream of the server at `url` (nothing sent yet). */
export async function openFaceStream(url: string, headers: Record<string, string> = {}): Promise<FaceStreamSocket> {
  const ws = new WebSocket(wsUrl(url), { headers });
  const received: FaceStreamServerMessage[] = [];
  const waiting = new Set<() => void>();
  let isClosed = false;
  const notify = () => {
    for (const check of [...waiting]) check();
  };
  ws.on('message', (data, isBinary) => {
    if (isBinary) return;
    received.push(JSON.parse(data.toString()) as FaceStreamServerMessage);
    notify();
  });
  const closed = new Promise<void>((resolve) =>
    ws.on('close', () => {
      isClosed = true;
      notify();
      resolve();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.on('error', () => undefined); // a socket that fails later closes too: `closed` and `answer` tell
  const waitFor = <M>(find: () => M | undefined, ifClosed: () => M | Error) =>
    new Promise<M>((resolve, reject) => {
      const check = () => {
        const found = find();
        if (found === undefined && !isClosed) return;
        waiting.delete(check);
        const out = found ?? ifClosed();
        if (out instanceof Error) reject(out);
        else resolve(out);
      };
      waiting.add(check);
      check();
    });
  type Answer = LiveAttempt['answer'];
  return {
    ws,
    received,
    closed,
    send: (msg) => {
      if (ws.readyState === ws.OPEN) ws.send(Buffer.isBuffer(msg) ? msg : JSON.stringify(msg));
    },
    next: <T extends FaceStreamServerMessage['type']>(type: T) =>
      waitFor(
        () => received.find((m): m is Extract<FaceStreamServerMessage, { type: T }> => m.type === type),
        () => new Error(`the socket closed without a '${type}' message (received: ${JSON.stringify(received)})`),
      ),
    answer: () =>
      waitFor<Answer>(
        () => received.find((m): m is Answer => m.type === 'verdict' || m.type === 'refused'),
        () => ({ type: 'refused', status: 0, error_code: 'closed', message: 'the socket closed without an answer' }),
      ),
  };
}

/** An EBML Void element of `size` bytes: valid WebM that carries nothing (after the file's Segment, nothing reads it). */
export function webmVoid(size: number): Buffer {
  const out = Buffer.alloc(size);
  out[0] = 0xec;
  out.writeUInt16BE(0x4000 | (size - 3), 1); // a 2-byte size (marker bit 0x40): up to 16,383 bytes
  return out;
}

/**
 * A recording pushed faster than a camera records it: the whole of `video` right after `ready`, in `chunkBytes`
 * messages, then a Void element every timeslice so the stream never falls silent (the file's Segment has a size:
 * nothing after it is read), and `end` after `stop`. Resolves to the check's answer.
 */
export async function pushAtOnce(url: string, token: string, video: Buffer, chunkBytes = 16 * 1024): Promise<LiveAttempt['answer']> {
  const s = await openFaceStream(url);
  s.send({ type: 'start', token });
  await s.next('ready');
  for (let at = 0; at < video.length; at += chunkBytes) s.send(video.subarray(at, at + chunkBytes));
  const pad = webmVoid(1024);
  const keepAlive = setInterval(() => s.send(pad), FACE_STREAM_TIMESLICE_MS);
  s.next('stop').then(
    () => {
      clearInterval(keepAlive);
      s.send({ type: 'end' });
    },
    () => clearInterval(keepAlive),
  );
  const answer = await s.answer();
  clearInterval(keepAlive);
  s.ws.close();
  return answer;
}
