/**
 * Where each video frame of a WebM file sits and when it plays: a browser's MediaRecorder streams the file in chunks,
 * and the server, knowing at what byte each chunk started and when it arrived, maps every frame's media time to the
 * arrival time of the chunk that carried it. A small EBML walker rather than ffprobe: it runs on untrusted uploads,
 * must read a stream that ends mid-cluster, and needs nothing installed.
 */

export interface WebmBlock {
  /** byte offset in the file of the SimpleBlock's (or BlockGroup's Block's) first ID byte. ffprobe's packet pos is
   * where the block's data starts, after the element's 1-byte ID and its size */
  offset: number;
  /** ms, absolute: cluster timestamp + block's relative timecode, scaled by TimestampScale to ms */
  timeMs: number;
  keyframe: boolean;
}

export class WebmParseError extends Error {}

const EBML = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMESTAMP_SCALE = 0x2ad7b1;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_NUMBER = 0xd7;
const TRACK_TYPE = 0x83;
const CLUSTER = 0x1f43b675;
const CLUSTER_TIMESTAMP = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;
const REFERENCE_BLOCK = 0xfb;
const VOID = 0xec;
/** The masters walked into, each only inside its parent (0: the file): that bounds the depth at 4, and the leaf IDs
 * read below mean one thing each inside these. Everything else (SeekHead, Cues, Tags, Video...) is skipped by size. */
const PARENT = new Map([
  [SEGMENT, 0],
  [INFO, SEGMENT],
  [TRACKS, SEGMENT],
  [TRACK_ENTRY, TRACKS],
  [CLUSTER, SEGMENT],
  [BLOCK_GROUP, CLUSTER],
]);
/** Segment's children (SeekHead, Info, Tracks, Cluster, Cues, Attachments, Chapters, Tags): one ends a Cluster of
 * unknown size. Only Segment and Cluster may have one (Chromium writes both so while recording live). */
const SEGMENT_CHILDREN = new Set([0x114d9b74, INFO, TRACKS, CLUSTER, 0x1c53bb6b, 0x1941a469, 0x1043a770, 0x1254c367]);
const cannotBeChildOf = (id: number, parent: number) => id === EBML || id === SEGMENT || (parent === CLUSTER && SEGMENT_CHILDREN.has(id));
const hex = (id: number) => `0x${id.toString(16).toUpperCase()}`;

/** Every block of the first video track in file order; throws WebmParseError on a malformed file. Stops quietly at a truncated tail (a stream may end mid-cluster). */
export function webmVideoBlocks(file: Uint8Array): WebmBlock[] {
  /** A vint at p: an ID keeps its marker bit, a size drops it; all value bits set means unknown size. Null when the
   * file ends inside it. */
  const vint = (p: number, isId: boolean) => {
    if (p >= file.length) return null;
    const len = Math.clz32(file[p]) - 23;
    if (len > (isId ? 4 : 8)) throw new WebmParseError(`invalid EBML ${isId ? 'ID' : 'size'} at byte ${p}`);
    if (p + len > file.length) return null;
    let value = isId ? file[p] : file[p] & (0xff >> len);
    let unknown = !isId && value === 0xff >> len;
    for (let i = 1; i < len; i++) {
      value = value * 256 + file[p + i];
      unknown &&= file[p + i] === 0xff;
    }
    return { len, value, unknown };
  };
  const uint = (from: number, to: number) => {
    if (to - from > 8) throw new WebmParseError(`an unsigned integer of ${to - from} bytes at byte ${from}`);
    return file.subarray(from, to).reduce((v, b) => v * 256 + b, 0);
  };

  if (vint(0, true)?.value !== EBML) throw new WebmParseError('not a WebM file: no EBML header');
  // Times and tracks are resolved at the end: Info and Tracks come first in practice, but nothing depends on it.
  const found: { track: number; offset: number; time: number; keyframe: boolean }[] = [];
  let scale = 1_000_000;
  let videoTrack = 0;
  let entry = { number: 0, type: 0 };
  let clusterTime = 0;
  let referenced = false;

  /** Walks parent's children from p to its declared end (for an unknown size, the parent's own end and the first
   * element that cannot be a child); returns where it stopped. Each step moves on by at least a 2-byte header. */
  const walk = (parent: number, p: number, end: number, unknownSize: boolean): number => {
    while (p < Math.min(end, file.length)) {
      const id = vint(p, true);
      const size = id && vint(p + id.len, false);
      if (!id || !size) {
        if (end <= file.length) throw new WebmParseError(`element header at byte ${p} overruns its parent`);
        return file.length; // the stream was cut inside an element header
      }
      if (unknownSize && cannotBeChildOf(id.value, parent)) return p;
      if (parent === 0 && id.value !== EBML && id.value !== SEGMENT && id.value !== VOID)
        throw new WebmParseError(`unexpected top-level element ${hex(id.value)} at byte ${p}`);
      const data = p + id.len + size.len;
      const next = size.unknown ? end : data + size.value;
      if (next > end) throw new WebmParseError(`element ${hex(id.value)} at byte ${p} overruns its parent`);
      if (PARENT.get(id.value) === parent) {
        if (size.unknown && id.value !== SEGMENT && id.value !== CLUSTER) throw new WebmParseError(`${hex(id.value)} of unknown size at byte ${p}`);
        if (id.value === CLUSTER) clusterTime = 0;
        if (id.value === TRACK_ENTRY) entry = { number: 0, type: 0 };
        const groupStart = found.length;
        if (id.value === BLOCK_GROUP) referenced = false;
        const stopped = walk(id.value, data, next, size.unknown);
        if (id.value === TRACK_ENTRY && entry.type === 1 && !videoTrack) videoTrack = entry.number;
        // A BlockGroup's Block has no keyframe flag: it is one unless the group references another block, which a
        // group cut short may not show yet (ffmpeg writes ReferenceBlock after the Block): such a frame is dropped.
        if (id.value === BLOCK_GROUP) for (const b of found.slice(groupStart)) b.keyframe = !referenced;
        if (id.value === BLOCK_GROUP && next > file.length) found.length = groupStart;
        if (id.value === SEGMENT) return file.length; // one Segment: a chained second one would restart the clock
        p = size.unknown ? stopped : next;
        continue;
      }
      if (size.unknown) throw new WebmParseError(`${hex(id.value)} of unknown size at byte ${p}`);
      if (next > file.length) return file.length; // cut mid-element: whatever follows is missing too
      if (id.value === TIMESTAMP_SCALE) scale = uint(data, next);
      else if (id.value === CLUSTER_TIMESTAMP) clusterTime = uint(data, next);
      else if (id.value === TRACK_NUMBER) entry.number = uint(data, next);
      else if (id.value === TRACK_TYPE) entry.type = uint(data, next);
      else if (id.value === REFERENCE_BLOCK) referenced = true;
      else if (id.value === SIMPLE_BLOCK || id.value === BLOCK) {
        // track number (vint), int16 timecode relative to the cluster, flags. Video is never laced: one frame a block.
        const track = vint(data, false);
        const t = data + (track?.len ?? 0);
        if (!track || t + 3 > next) throw new WebmParseError(`block at byte ${p} is too short`);
        const relative = new DataView(file.buffer, file.byteOffset + t, 2).getInt16(0);
        found.push({ track: track.value, offset: p, time: clusterTime + relative, keyframe: (file[t + 2] & 0x80) !== 0 });
      }
      p = next;
    }
    return p;
  };
  walk(0, 0, Number.POSITIVE_INFINITY, false);

  const video = videoTrack || 1; // no TrackType 1 declared (or no Tracks at all): MediaRecorder's video is track 1
  return found.filter((b) => b.track === video).map((b) => ({ offset: b.offset, timeMs: (b.time * scale) / 1e6, keyframe: b.keyframe }));
}
