import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FACE_STREAM_PATH } from '@shared/face/face-stream';
import { faceStreamUrl, type LiveCheckOptions, runLiveCheck } from './live-check';

/** A socket the test plays the server of: what the page sent, in order (text parsed, chunks as Blobs). */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static last: FakeSocket;
  readyState = FakeSocket.CONNECTING;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  send(data: unknown) {
    this.sent.push(typeof data === 'string' ? JSON.parse(data) : data);
  }
  close() {
    this.readyState = FakeSocket.CLOSED;
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  say(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop() {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.();
  }
}

/** A recorder that makes a chunk when told; stop gives the last chunk, then the stop event, as browsers do. */
class FakeRecorder {
  static last: FakeRecorder | null = null;
  static isTypeSupported = (type: string) => type === 'video/webm;codecs=vp8';
  state: 'inactive' | 'recording' = 'inactive';
  timeslice: number | undefined;
  made = 0;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(
    readonly stream: unknown,
    readonly options: MediaRecorderOptions,
  ) {
    FakeRecorder.last = this;
  }
  start(timeslice?: number) {
    this.state = 'recording';
    this.timeslice = timeslice;
  }
  chunk() {
    this.made += 1;
    this.ondataavailable?.({ data: new Blob([`chunk ${this.made}`]) });
  }
  stop() {
    this.state = 'inactive';
    queueMicrotask(() => {
      this.chunk();
      this.onstop?.();
    });
  }
}

const flush = () => new Promise<void>((resolve) => queueMicrotask(resolve));
const texts = (socket: FakeSocket) => socket.sent.filter((m) => !(m instanceof Blob));
const order = (socket: FakeSocket) => socket.sent.map((m) => (m instanceof Blob ? 'chunk' : (m as { type: string }).type));

function check(more: Partial<LiveCheckOptions> = {}) {
  const seen = { ready: [] as unknown[], steps: [] as unknown[], stopped: 0 };
  const outcome = runLiveCheck({
    stream: {} as MediaStream,
    token: 'the.login.token',
    url: 'ws://school.test/api/face-stream',
    onReady: (r) => seen.ready.push(r),
    onStep: (s) => seen.steps.push(s),
    onStopped: () => {
      seen.stopped += 1;
    },
    ...more,
  });
  return { outcome, seen, socket: FakeSocket.last };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  FakeRecorder.last = null;
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('runLiveCheck', () => {
  it('logs in, records only once ready, sends each chunk as made, passes the steps on, and sends end after the last chunk', async () => {
    const { outcome, seen, socket } = check();
    socket.open();
    expect(texts(socket)).toEqual([{ type: 'start', token: 'the.login.token' }]);
    expect(FakeRecorder.last).toBeNull();

    socket.say({ type: 'ready', check_id: 'c1', timeslice_ms: 250, steps: 3 });
    const recorder = FakeRecorder.last!;
    expect(recorder.state).toBe('recording');
    expect(recorder.timeslice).toBe(250);
    expect(recorder.options).toEqual({ mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 1_500_000 });
    expect(seen.ready).toEqual([{ checkId: 'c1', steps: 3 }]);

    recorder.chunk();
    recorder.chunk();
    socket.say({ type: 'step', index: 0, step: 'turn_left', of: 3 });
    recorder.chunk();
    socket.say({ type: 'step', index: 1, step: 'blink', of: 3 });
    expect(seen.steps).toEqual([
      { type: 'step', index: 0, step: 'turn_left', of: 3 },
      { type: 'step', index: 1, step: 'blink', of: 3 },
    ]);

    socket.say({ type: 'stop' });
    expect(seen.stopped).toBe(1);
    await flush();
    expect(order(socket)).toEqual(['start', 'chunk', 'chunk', 'chunk', 'chunk', 'end']);
    const chunks = socket.sent.filter((m): m is Blob => m instanceof Blob);
    expect(await Promise.all(chunks.map((c) => c.text()))).toEqual(['chunk 1', 'chunk 2', 'chunk 3', 'chunk 4']);

    socket.say({ type: 'verdict', success: true, message: 'Face verified.', blink_count: 1 });
    expect(await outcome).toEqual({ kind: 'verdict', verdict: { type: 'verdict', success: true, message: 'Face verified.', blink_count: 1 } });
    expect(socket.readyState).toBe(FakeSocket.CLOSED);
  });

  it("answers the server's refusal, with no recording when it came before ready", async () => {
    const { outcome, socket } = check();
    socket.open();
    const refused = { type: 'refused', status: 409, error_code: 'live_check_off', message: 'off' };
    socket.say(refused);
    expect(await outcome).toEqual({ kind: 'refused', refusal: refused });
    expect(FakeRecorder.last).toBeNull();
  });

  it('a refusal mid-stream stops the recorder and sends no end', async () => {
    const { outcome, socket } = check();
    socket.open();
    socket.say({ type: 'ready', check_id: 'c1', timeslice_ms: 250, steps: 3 });
    FakeRecorder.last!.chunk();
    socket.say({ type: 'refused', status: 400, error_code: 'stream_stalled', message: 'stalled' });
    expect((await outcome).kind).toBe('refused');
    await flush();
    expect(FakeRecorder.last!.state).toBe('inactive');
    expect(order(socket)).toEqual(['start', 'chunk']);
  });

  it('a socket that closes mid-check is a lost check: the recorder stops and nothing more is sent', async () => {
    const { outcome, seen, socket } = check();
    socket.open();
    socket.say({ type: 'ready', check_id: 'c1', timeslice_ms: 250, steps: 3 });
    socket.say({ type: 'step', index: 0, step: 'turn_right', of: 3 });
    socket.drop();
    expect(await outcome).toEqual({ kind: 'lost', cause: 'connection' });
    expect(FakeRecorder.last!.state).toBe('inactive');
    expect(seen.stopped).toBe(0);
  });

  it('stops by itself at the safety limit when no stop comes, then sends end', async () => {
    const { socket, seen } = check({ maxRecordingMs: 15_000 });
    socket.open();
    socket.say({ type: 'ready', check_id: 'c1', timeslice_ms: 250, steps: 3 });
    vi.advanceTimersByTime(14_999);
    expect(FakeRecorder.last!.state).toBe('recording');
    vi.advanceTimersByTime(1);
    expect(seen.stopped).toBe(1);
    await flush();
    expect(order(socket)).toEqual(['start', 'chunk', 'end']);
  });

  it('gives up when the server says nothing after end, or never answers start', async () => {
    const quiet = check({ answerTimeoutMs: 30_000 });
    quiet.socket.open();
    quiet.socket.say({ type: 'ready', check_id: 'c1', timeslice_ms: 250, steps: 3 });
    quiet.socket.say({ type: 'stop' });
    await flush();
    vi.advanceTimersByTime(30_000);
    expect(await quiet.outcome).toEqual({ kind: 'lost', cause: 'no_answer' });

    const mute = check({ answerTimeoutMs: 30_000 });
    mute.socket.open();
    vi.advanceTimersByTime(30_000);
    expect(await mute.outcome).toEqual({ kind: 'lost', cause: 'no_answer' });
  });

  it('an abort closes the socket and stops the recorder', async () => {
    const controller = new AbortController();
    const { outcome, socket } = check({ signal: controller.signal });
    socket.open();
    socket.say({ type: 'ready', check_id: 'c1', timeslice_ms: 250, steps: 3 });
    controller.abort();
    expect(await outcome).toEqual({ kind: 'lost', cause: 'aborted' });
    expect(socket.readyState).toBe(FakeSocket.CLOSED);
    expect(FakeRecorder.last!.state).toBe('inactive');
  });

  it('skips a message it does not know', async () => {
    const { outcome, socket } = check();
    socket.open();
    socket.onmessage?.({ data: 'not json' });
    socket.say({ type: 'hello' });
    socket.say({ type: 'refused', status: 503, error_code: 'busy', message: 'busy', retry_after: 5 });
    expect((await outcome).kind).toBe('refused');
  });
});

describe('faceStreamUrl', () => {
  it("is the page's own host, wss: under https", () => {
    expect(faceStreamUrl({ protocol: 'https:', host: 'school.test' })).toBe(`wss://school.test${FACE_STREAM_PATH}`);
    expect(faceStreamUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe(`ws://localhost:3000${FACE_STREAM_PATH}`);
  });
});
