import { spawn } from 'node:child_process';
import { ffmpegPath } from '@server/face/decoding/index';
import { VP8_REALTIME } from './splice-clips';

/**
 * A camera's encoder split in two for the live-check performer (live-stream.ts): VP8 frames encoded by
 * ffmpeg before a stream starts, and a WebM stream written from them frame by frame as they are sent. Encoding live
 * beside the server's face engine fell seconds behind on a loaded machine, and the server, which dates the video
 * by when its first frames arrive, then read every move as made that much later than it was.
 */

/** One encoded VP8 frame. */
export interface Vp8Frame {
  data: Buffer;
  key: boolean;
}

/**
 * Encodes raw I420 frames (`width`x`height`, in order) as one VP8 run whose first frame is a key frame, so the run
 * decodes after any other; `keyEvery` 1 makes every frame a key frame (a run that may be cut anywhere). The
 * settings are a live encoder's (realtime, 1 Mb/s); every frame comes out, one packet each, or this throws.
 */
export async function encodeVp8(frames: Buffer[], size: { width: number; height: number; fps: number }, keyEvery = 50): Promise<Vp8Frame[]> {
  const ffmpeg = spawn(ffmpegPath(), [
    '-loglevel',
    'error',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'yuv420p',
    '-s',
    `${size.width}x${size.height}`,
    '-framerate',
    String(size.fps),
    '-i',
    'pipe:0',
    ...VP8_REALTIME,
    '-b:v',
    '1M',
    '-g',
    String(keyEvery),
    // one packet per frame, none held back or hidden
    '-auto-alt-ref',
    '0',
    '-lag-in-frames',
    '0',
    '-f',
    'ivf',
    'pipe:1',
  ]);
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  ffmpeg.stdout.on('data', (c: Buffer) => out.push(c));
  ffmpeg.stderr.on('data', (c: Buffer) => err.push(c));
  ffmpeg.stdin.on('error', () => undefined); // a failed ffmpeg is reported by its exit code
  const exited = new Promise<number | null>((resolve, reject) => {
    ffmpeg.on('error', reject);
    ffmpeg.on('close', resolve);
  });
  for (const f of frames) ffmpeg.stdin.write(f);
  ffmpeg.stdin.end();
  const code = await exited;
  if (code !== 0) throw new Error(`ffmpeg could not encode the frames (exit ${code}): ${Buffer.concat(err).toString()}`);
  const encoded = ivfFrames(Buffer.concat(out));
  if (encoded.length !== frames.length || !encoded[0]?.key) throw new Error(`ffmpeg encoded ${encoded.length} of ${frames.length} frames`);
  return encoded;
}

/** The frames of an IVF file: a 32-byte header (its length at byte 6), then per frame a 4-byte size, an 8-byte pts and the data. */
function ivfFrames(ivf: Buffer): Vp8Frame[] {
  const frames: Vp8Frame[] = [];
  for (let p = ivf.readUInt16LE(6); p + 12 <= ivf.length; ) {
    const size = ivf.readUInt32LE(p);
    const data = ivf.subarray(p + 12, p + 12 + size);
    // a VP8 frame tag's lowest bit is 0 on a key frame (RFC 6386, 9.1)
    frames.push({ data, key: (data[0] & 1) === 0 });
    p += 12 + size;
  }
  return frames;
}

/** An EBML element: its ID's bytes, its size (8 bytes; all ones for an unknown size, as a live recorder writes), its body. */
const element = (id: number[], body: Buffer | null) => {
  const size = Buffer.alloc(8);
  if (body === null) size.writeBigUInt64BE(0x01ffffffffffffffn);
  else size.writeBigUInt64BE(0x0100000000000000n | BigInt(body.length));
  return Buffer.concat([Buffer.from(id), size, body ?? Buffer.alloc(0)]);
};
const uint = (id: number[], value: number) => {
  const body = Buffer.alloc(4);
  body.writeUInt32BE(value);
  return element(id, body);
};
const text = (id: number[], value: string) => element(id, Buffer.from(value, 'ascii'));

/** A cluster holds this much media time at most (ms), as the page's recorder's timeslice. */
const CLUSTER_MS = 250;

/**
 * A live WebM stream of one VP8 track, written a frame at a time as a browser's MediaRecorder does: a header, then
 * clusters of unknown size, each a quarter second of SimpleBlocks at most. Each `frame` returns the bytes to send.
 */
export class LiveWebm {
  private started = false;
  private clusterAt: number | null = null;

  constructor(private readonly size: { width: number; height: number }) {}

  /** The bytes that put `frame` at `timeMs` (ms from the stream's start) in the stream, with the header before the first. */
  frame(frame: Vp8Frame, timeMs: number): Buffer {
    const parts: Buffer[] = [];
    if (!this.started) {
      this.started = true;
      parts.push(this.header());
    }
    if (this.clusterAt === null || timeMs - this.clusterAt >= CLUSTER_MS) {
      this.clusterAt = timeMs;
      parts.push(element([0x1f, 0x43, 0xb6, 0x75], null), uint([0xe7], timeMs));
    }
    const head = Buffer.alloc(4);
    head[0] = 0x81; // track 1
    head.writeInt16BE(timeMs - this.clusterAt, 1);
    head[3] = frame.key ? 0x80 : 0;
    parts.push(element([0xa3], Buffer.concat([head, frame.data])));
    return Buffer.concat(parts);
  }

  private header() {
    const ebml = element(
      [0x1a, 0x45, 0xdf, 0xa3],
      Buffer.concat([
        uint([0x42, 0x86], 1),
        uint([0x42, 0xf7], 1),
        uint([0x42, 0xf2], 4),
        uint([0x42, 0xf3], 8),
        text([0x42, 0x82], 'webm'),
        uint([0x42, 0x87], 4),
        uint([0x42, 0x85], 2),
      ]),
    );
    const info = element(
      [0x15, 0x49, 0xa9, 0x66],
      Buffer.concat([uint([0x2a, 0xd7, 0xb1], 1_000_000), text([0x4d, 0x80], 'rollcall-harness'), text([0x57, 0x41], 'rollcall-harness')]),
    );
    const video = element([0xe0], Buffer.concat([uint([0xb0], this.size.width), uint([0xba], this.size.height)]));
    const track = element([0xae], Buffer.concat([uint([0xd7], 1), uint([0x73, 0xc5], 1), uint([0x83], 1), text([0x86], 'V_VP8'), video]));
    const tracks = element([0x16, 0x54, 0xae, 0x6b], track);
    // the Segment's size is unknown: the stream ends when the recorder stops
    return Buffer.concat([ebml, element([0x18, 0x53, 0x80, 0x67], null), info, tracks]);
  }
}
