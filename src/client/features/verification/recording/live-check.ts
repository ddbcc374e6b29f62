import { REQUEST_TIMEOUT_MS } from '@shared/constants';
import {
  FACE_STREAM_PATH,
  FACE_STREAM_TIMESLICE_MS,
  type FaceStreamServerMessage,
  type FaceStreamVerdict,
  type TFaceStreamClientMessage,
} from '@shared/face/face-stream';
import { recorderOptions } from './use-webcam-recorder';

/** The server's refusal: no check, or no verdict (it closes the socket after it). */
export type FaceStreamRefusal = Extract<FaceStreamServerMessage, { type: 'refused' }>;
/** One instruction as the server sent it. */
export type FaceStreamStep = Extract<FaceStreamServerMessage, { type: 'step' }>;

/**
 * Why a check ended without the server's answer: the connection dropped, the camera or recorder failed, the server
 * went quiet past ANSWER_TIMEOUT_MS, or the page gave up on it (the student left).
 */
export type LiveCheckLoss = 'connection' | 'camera' | 'no_answer' | 'aborted';

export type LiveCheckOutcome =
  | { kind: 'verdict'; verdict: FaceStreamVerdict }
  | { kind: 'refused'; refusal: FaceStreamRefusal }
  | { kind: 'lost'; cause: LiveCheckLoss };

/**
 * The recorder stops by itself this long after it started, whatever the server says. The server's longest schedule
 * (FACE_STREAM_FIRST_STEP_MS, two FACE_STREAM_STEP_GAP_MS, then FACE_STREAM_REACTION_MS for the last move) is under
 * 9 s, so this only ends a check whose `stop` never came.
 */
export const LIVE_CHECK_MAX_RECORDING_MS = 15_000;
/** The longest wait for `ready` after the socket is asked for: as for a REST call. */
const ANSWER_TIMEOUT_MS = REQUEST_TIMEOUT_MS;
/**
 * The longest wait for the verdict after `end`: an admitted check is never refused for a busy engine, it waits its
 * turn (up to about 30 s when twenty streams end together at class start: live-check.ts liveCheckLimit).
 */
const VERDICT_TIMEOUT_MS = 90_000;

export interface LiveCheckOptions {
  /** the camera's stream (the preview's): recorded only once the server is ready */
  stream: MediaStream;
  /** the login token: a browser cannot set headers on a WebSocket, so it is the first message */
  token: string;
  /** aborting closes the socket and stops the recorder (the page unmounted) */
  signal?: AbortSignal;
  /** defaults: faceStreamUrl(), LIVE_CHECK_MAX_RECORDING_MS, ANSWER_TIMEOUT_MS */
  url?: string;
  maxRecordingMs?: number;
  answerTimeoutMs?: number;
  /** the server admitted the check: the recorder runs, and `steps` instructions will come one at a time */
  onReady?(ready: { checkId: string; steps: number }): void;
  /** the instruction to show now (the previous one is over) */
  onStep?(step: FaceStreamStep): void;
  /** the recorder is stopping (the server's `stop`, or the safety limit): what is left is the server's check */
  onStopped?(): void;
  /** resolves when the page saw the last instruction's move: the server then closes the last window early */
  lastSeen?: Promise<void>;
}

/** The live check's socket on the page's own host, wss: under https. */
export function faceStreamUrl(where: Pick<Location, 'protocol' | 'host'> = location): string {
  return `${where.protocol === 'https:' ? 'wss:' : 'ws:'}//${where.host}${FACE_STREAM_PATH}`;
}

const SERVER_TYPES: ReadonlySet<string> = new Set<FaceStreamServerMessage['type']>(['ready', 'step', 'stop', 'verdict', 'refused']);

/** A text frame as a server message; null for anything else (a newer server's message is skipped, not fatal). */
function parseServerMessage(data: unknown): FaceStreamServerMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(data);
    const known = typeof parsed === 'object' && parsed !== null && 'type' in parsed && SERVER_TYPES.has(String(parsed.type));
    return known ? (parsed as FaceStreamServerMessage) : null;
  } catch {
    return null;
  }
}

/**
 * One live face check over the face stream (shared/face/face-stream.ts): log in, record once the server is ready and
 * send each chunk the moment the recorder makes it, pass on the instructions as they come, stop when told (or at the
 * safety limit) and send `end` after the last chunk, then wait for the verdict. Resolves, never rejects: with the
 * verdict, the server's refusal, or why neither came. The socket is closed and the recorder stopped either way.
 */
export function runLiveCheck(opts: LiveCheckOptions): Promise<LiveCheckOutcome> {
  const { stream, signal } = opts;
  return new Promise<LiveCheckOutcome>((resolve) => {
    if (signal?.aborted) {
      resolve({ kind: 'lost', cause: 'aborted' });
      return;
    }
    let ws: WebSocket;
    try {
      ws = new WebSocket(opts.url ?? faceStreamUrl());
    } catch {
      resolve({ kind: 'lost', cause: 'connection' });
      return;
    }
    let recorder: MediaRecorder | null = null;
    let stopping = false;
    let settled = false;
    let answerTimer: ReturnType<typeof setTimeout> | undefined;
    let recordingTimer: ReturnType<typeof setTimeout> | undefined;

    const send = (message: TFaceStreamClientMessage) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
    };
    const awaitAnswer = (ms = opts.answerTimeoutMs ?? ANSWER_TIMEOUT_MS) => {
      clearTimeout(answerTimer);
      answerTimer = setTimeout(() => finish({ kind: 'lost', cause: 'no_answer' }), ms);
    };
    const onAbort = () => finish({ kind: 'lost', cause: 'aborted' });

    function finish(outcome: LiveCheckOutcome) {
      if (settled) return;
      settled = true;
      clearTimeout(answerTimer);
      clearTimeout(recordingTimer);
      signal?.removeEventListener('abort', onAbort);
      if (recorder) {
        recorder.ondataavailable = null;
        recorder.onstop = null;
        recorder.onerror = null;
        if (recorder.state !== 'inactive') recorder.stop();
      }
      ws.onopen = null;
      ws.onmessage = null;
      ws.onclose = null;
      ws.onerror = null;
      if (ws.readyState === WebSocket.CONNECTING || ws.readyState === WebSocket.OPEN) ws.close(1000);
      resolve(outcome);
    }

    /** `end` must follow the last chunk: the recorder's stop event comes after its final dataavailable. */
    function stopRecording() {
      if (stopping) return;
      stopping = true;
      clearTimeout(recordingTimer);
      opts.onStopped?.();
      if (recorder && recorder.state !== 'inactive') recorder.stop();
      else endStream();
    }
    function endStream() {
      send({ type: 'end' });
      awaitAnswer(opts.answerTimeoutMs ?? VERDICT_TIMEOUT_MS);
    }

    function record(timesliceMs: number) {
      try {
        recorder = new MediaRecorder(stream, recorderOptions());
        // Sent at once and in order: the server times each chunk on arrival, so holding one back reads as a stall.
        recorder.ondataavailable = (event) => {
          if (event.data.size > 0 && ws.readyState === WebSocket.OPEN) ws.send(event.data);
        };
        recorder.onstop = endStream;
        recorder.onerror = () => finish({ kind: 'lost', cause: 'camera' });
        recorder.start(Number.isFinite(timesliceMs) && timesliceMs > 0 ? timesliceMs : FACE_STREAM_TIMESLICE_MS);
      } catch {
        finish({ kind: 'lost', cause: 'camera' });
        return false;
      }
      recordingTimer = setTimeout(stopRecording, opts.maxRecordingMs ?? LIVE_CHECK_MAX_RECORDING_MS);
      return true;
    }

    ws.onopen = () => {
      send({ type: 'start', token: opts.token });
      awaitAnswer();
    };
    ws.onmessage = (event: MessageEvent) => {
      const message = parseServerMessage(event.data);
      if (!message || settled) return;
      switch (message.type) {
        case 'ready':
          if (recorder) return;
          clearTimeout(answerTimer);
          if (record(message.timeslice_ms)) opts.onReady?.({ checkId: message.check_id, steps: message.steps });
          return;
        case 'step':
          if (!stopping) opts.onStep?.(message);
          return;
        case 'stop':
          stopRecording();
          return;
        case 'verdict':
          finish({ kind: 'verdict', verdict: message });
          return;
        case 'refused':
          finish({ kind: 'refused', refusal: message });
          return;
      }
    };
    // An error event is followed by close; either one before an answer means nothing was decided.
    ws.onerror = () => finish({ kind: 'lost', cause: 'connection' });
    ws.onclose = () => finish({ kind: 'lost', cause: 'connection' });
    signal?.addEventListener('abort', onAbort, { once: true });
    opts.lastSeen?.then(() => {
      if (!stopping && !settled) send({ type: 'done' });
    });
    awaitAnswer();
  });
}
