import { FaceInputError } from '../errors';

/** Uploads larger than this (either orientation) are refused: the page records at most 640x480. */
export const UPLOAD_FRAME_LONG_SIDE = 1920;
export const UPLOAD_FRAME_SHORT_SIDE = 1080;
/** The same bound as a pixel count, for the decoder itself (ffmpeg's -max_pixels). */
export const UPLOAD_FRAME_MAX_PIXELS = UPLOAD_FRAME_LONG_SIDE * UPLOAD_FRAME_SHORT_SIDE;

export interface FrameSize {
  width: number;
  height: number;
}

export const frameTooLarge = ({ width, height }: FrameSize) =>
  Math.max(width, height) > UPLOAD_FRAME_LONG_SIDE || Math.min(width, height) > UPLOAD_FRAME_SHORT_SIDE;

/** Elements or boxes read before giving up: a real header has a few dozen; a crafted one cannot make this loop long. */
const MAX_NODES = 4096;
const MAX_DEPTH = 8;

/**
 * The largest video frame size a webm/matroska or mp4/mov upload declares in its header, or null when it declares
 * none that could be read (the decoder's own bound then still applies). Reads the bytes in memory, never decodes.
 */
export function readFrameSize(video: Buffer): FrameSize | null {
  if (video.length >= 4 && video.readUInt32BE(0) === 0x1a45dfa3) return readMatroska(video);
  if (video.length >= 8 && video.toString('latin1', 4, 8) === 'ftyp') return readMp4(video);
  return null;
}

/** Refuses an upload whose header declares frames over 1920x1080, before anything decodes it. */
export function refuseOversizedFrames(video: Buffer): void {
  const size = readFrameSize(video);
  if (size && frameTooLarge(size)) throw new FaceInputError('video_frame_too_large');
}

const largest = (sizes: FrameSize[]): FrameSize | null =>
  sizes.length === 0 ? null : sizes.reduce((a, b) => (a.width * a.height >= b.width * b.height ? a : b));

// EBML ids (with their length marker bits, as the Matroska spec writes them).
const SEGMENT = 0x18538067;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const VIDEO = 0xe0;
const PIXEL_WIDTH = 0xb0;
const PIXEL_HEIGHT = 0xba;
const CLUSTER = 0x1f43b675;
/** Only these are entered; every other element is skipped by its size. */
const CONTAINERS = new Set([SEGMENT, TRACKS, TRACK_ENTRY, VIDEO]);

/** An EBML variable-length integer at `at`: its value (marker kept for ids) and length; null past the buffer. */
function vint(buf: Buffer, at: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } | null {
  if (at >= buf.length) return null;
  const first = buf[at];
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || at + length > buf.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + buf[at + i];
    if (buf[at + i] !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

function readMatroska(buf: Buffer): FrameSize | null {
  const sizes: FrameSize[] = [];
  let nodes = 0;
  const walk = (start: number, end: number, depth: number): boolean => {
    let at = start;
    while (at < end) {
      if (++nodes > MAX_NODES) return false;
      const id = vint(buf, at, true);
      const size = id && vint(buf, at + id.length, false);
      if (!id || !size) return false;
      const body = at + id.length + size.length;
      // Browsers stream with unknown sizes: such an element runs to its parent's end.
      const bodyEnd = size.unknown ? end : Math.min(end, body + size.value);
      // The frames start at the first cluster: the tracks come before it in every recorder's output.
      if (id.value === CLUSTER) return false;
      if (id.value === VIDEO) sizes.push(readVideo(buf, body, bodyEnd));
      else if (CONTAINERS.has(id.value) && depth < MAX_DEPTH && !walk(body, bodyEnd, depth + 1)) return false;
      if (id.value === TRACKS) return false; // every track read
      at = bodyEnd;
    }
    return true;
  };
  walk(0, buf.length, 0);
  return largest(sizes.filter((s) => s.width > 0 && s.height > 0));
}

function readVideo(buf: Buffer, start: number, end: number): FrameSize {
  const found = { width: 0, height: 0 };
  let at = start;
  for (let n = 0; at < end && n < 64; n++) {
    const id = vint(buf, at, true);
    const size = id && vint(buf, at + id.length, false);
    if (!id || !size || size.unknown) break;
    const body = at + id.length + size.length;
    if ((id.value === PIXEL_WIDTH || id.value === PIXEL_HEIGHT) && size.value >= 1 && size.value <= 8 && body + size.value <= end) {
      let value = 0;
      for (let i = 0; i < size.value; i++) value = value * 256 + buf[body + i];
      if (id.value === PIXEL_WIDTH) found.width = value;
      else found.height = value;
    }
    at = body + size.value;
  }
  return found;
}

/** The boxes on the way to a track's size: moov > trak > tkhd, and trak > mdia > minf > stbl > stsd. */
const MP4_CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl']);

function readMp4(buf: Buffer): FrameSize | null {
  const sizes: FrameSize[] = [];
  let nodes = 0;
  const walk = (start: number, end: number, depth: number, track: { video: boolean; sizes: FrameSize[] } | null) => {
    let at = start;
    while (at + 8 <= end && ++nodes <= MAX_NODES) {
      let size = buf.readUInt32BE(at);
      const type = buf.toString('latin1', at + 4, at + 8);
      let header = 8;
      if (size === 1) {
        if (at + 16 > end) return;
        size = Number(buf.readBigUInt64BE(at + 8));
        header = 16;
      } else if (size === 0) size = end - at;
      if (size < header) return;
      const boxEnd = Math.min(end, at + size);
      const body = at + header;
      if (type === 'trak' && depth < MAX_DEPTH) {
        const t = { video: false, sizes: [] as FrameSize[] };
        walk(body, boxEnd, depth + 1, t);
        if (t.video) sizes.push(...t.sizes);
      } else if (MP4_CONTAINERS.has(type) && depth < MAX_DEPTH) walk(body, boxEnd, depth + 1, track);
      // mov has a second hdlr (the data handler, 'alis') in minf: any 'vide' makes it a video track
      else if (track && type === 'hdlr' && body + 12 <= boxEnd && buf.toString('latin1', body + 8, body + 12) === 'vide') track.video = true;
      else if (track && type === 'tkhd') track.sizes.push(...tkhdSize(buf, body, boxEnd));
      else if (track && type === 'stsd') track.sizes.push(...sampleEntrySizes(buf, body, boxEnd));
      at = boxEnd;
    }
  };
  walk(0, buf.length, 0, null);
  return largest(sizes.filter((s) => s.width > 0 && s.height > 0));
}

/** tkhd ends with width and height as 16.16 fixed point. */
function tkhdSize(buf: Buffer, body: number, end: number): FrameSize[] {
  const fields = buf[body] === 1 ? 96 : 84; // version 1 has 64-bit times
  if (body + fields > end) return [];
  return [{ width: buf.readUInt32BE(body + fields - 8) >>> 16, height: buf.readUInt32BE(body + fields - 4) >>> 16 }];
}

/** stsd: version/flags, entry count, then sample entries; a visual entry keeps width and height 24 bytes into its body. */
function sampleEntrySizes(buf: Buffer, body: number, end: number): FrameSize[] {
  if (body + 8 > end) return [];
  const count = Math.min(buf.readUInt32BE(body + 4), 16);
  const sizes: FrameSize[] = [];
  let at = body + 8;
  for (let i = 0; i < count && at + 36 <= end; i++) {
    const size = buf.readUInt32BE(at);
    sizes.push({ width: buf.readUInt16BE(at + 32), height: buf.readUInt16BE(at + 34) });
    if (size < 8) break;
    at += size;
  }
  return sizes;
}
