import { z } from 'zod';
import type { ChallengeStep } from './face-challenge';

/**
 * The live face check (issue 33): one WebSocket per check on the app's own port. The page sends the recorder's chunks
 * as they are made; the server timestamps each on arrival and gives the instructions during the stream, one at a
 * time, each drawn when it is sent. Nothing about the next instruction exists outside the server until it is shown,
 * so a recording made before it cannot follow it. Directions are the student's own, as in face-challenge.ts.
 */
export const FACE_STREAM_PATH = '/api/face-stream';

/** After the page's `done`, the stream runs this much longer (ms): the move's end and the eyes reopening are recorded. */
export const FACE_STREAM_DONE_TAIL_MS = 300;
/** The page's recorder timeslice: a chunk every quarter second reaches the server while the student moves. */
export const FACE_STREAM_TIMESLICE_MS = 250;
/**
 * Instructions in one check. Each is one of three moves drawn when it is sent, and a recording made in advance
 * follows each with a chance of at most 1 in 3: seven put a blind recording's chance at 1 in 2,187 (docs/security.md).
 */
export const FACE_STREAM_STEPS = 7;
/** The first instruction comes this long after the first chunk arrived (ms, drawn uniformly): the face settles first. */
export const FACE_STREAM_FIRST_STEP_MS = [1200, 2000] as const;
/** Each next instruction this long after the one before (ms, drawn uniformly): time to start a turn or blink. */
export const FACE_STREAM_STEP_GAP_MS = [1300, 1900] as const;
/**
 * A move answers an instruction from the first figure after it was sent (no one reacts faster) until the same after
 * the next instruction; the last instruction's window closes at the second figure (ms).
 */
export const FACE_STREAM_REACTION_MS = [150, 1800] as const;
/**
 * How far the video may run ahead of real time (ms), measured from the first chunk's arrival: a recording pushed
 * faster than it was made runs ahead by its length at once. Generous, because a loaded server or network can hold
 * the first chunk back and let the next ones come in a bunch; it guards no window (those are set by the frames
 * received before the first instruction, stream-clock.ts).
 */
export const FACE_STREAM_MAX_LEAD_MS = 1500;
/**
 * The longest silence between two chunks, and the longest a frame may arrive after its place on the clock (ms): a
 * frozen page is told so. It bounds nothing a recording made in advance could use (docs/security.md).
 */
export const FACE_STREAM_MAX_STALL_MS = 5000;
/** After `ready`, the first chunk must come within this (ms): the camera is already open. */
export const FACE_STREAM_FIRST_CHUNK_MS = 5000;
/** The whole stream may not be larger than this (an upload's bound: 16 s at the page's 1.5 Mb/s is 3 MB). */
export const FACE_STREAM_MAX_BYTES = 5 * 1024 * 1024;
/** The longest stream the engine reads (s): the instructions' longest schedule, its last window and the page's stop. */
export const FACE_STREAM_MAX_SECONDS = 16;
/** The first message (the login) must come within this after the socket opens (ms). */
export const FACE_STREAM_HELLO_MS = 5000;

/** Messages the page sends as text (the chunks are binary messages). */
export const ZFaceStreamClientMessage = z.discriminatedUnion('type', [
  /** the first message: the login token (a browser cannot set headers on a WebSocket) */
  z.object({ type: z.literal('start'), token: z.string().min(1).max(4096) }),
  /** the recorder stopped: every chunk has been sent */
  z.object({ type: z.literal('end') }),
  /**
   * the page saw the last instruction's move (its tracker): the server may close the last window early. It only
   * shortens the video the server judges, so a page that says it too soon loses its own move, nothing more.
   */
  z.object({ type: z.literal('done') }),
]);
export type TFaceStreamClientMessage = z.infer<typeof ZFaceStreamClientMessage>;

/** The answer of a finished check: the same fields as the REST upload's (POST /api/compare-face-video). */
export interface FaceStreamVerdict {
  type: 'verdict';
  success: boolean;
  message: string;
  blink_count: number;
  error_code?: string;
}

/** Messages the server sends. */
export type FaceStreamServerMessage =
  /** start recording now and send a chunk every `timeslice_ms` */
  | { type: 'ready'; check_id: string; timeslice_ms: number; steps: number }
  /** do this now: `index` counts from 0, of `of` */
  | { type: 'step'; index: number; step: ChallengeStep; of: number }
  /** the last window closed: stop the recorder, send what is left, then `end` */
  | { type: 'stop' }
  | FaceStreamVerdict
  /** no check (or no verdict): `status` is the HTTP status the same refusal has on REST; the socket closes after it */
  | { type: 'refused'; status: number; error_code: string; message: string; retry_after?: number };
