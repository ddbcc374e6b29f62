import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, hasFixtures } from '@harness/face-fixtures';
import { ffmpegPath } from '@server/face/index';
import { type WebmBlock, WebmParseError, webmVideoBlocks } from './webm-blocks';

// Ground truth is ffprobe's packet list. The bundled ffmpeg comes without ffprobe: use the system's, or one beside it.
const FFPROBE = [process.env.FFPROBE_PATH, '/usr/bin/ffprobe', path.join(path.dirname(ffmpegPath()), 'ffprobe')].find((p) => p && fs.existsSync(p));
const NO_FFPROBE_MESSAGE = 'ffprobe not found (apt-get install -y ffmpeg, or set FFPROBE_PATH): skipping the comparisons with ffprobe';
if (!FFPROBE) console.warn(NO_FFPROBE_MESSAGE);

const CLUSTER = 0x1f43b675;
const SEGMENT = 0x18538067;
const TRACKS = 0x1654ae6b;
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webm-blocks-test-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A webm as ffmpeg streams it to a pipe: unable to seek back, it leaves the Segment's size unknown (a live stream's).
 * Encoded once per set of options; each caller gets a copy of its own to change. */
const encoded = new Map<string, Buffer>();
const encode = (args: string[]) => {
  const key = args.join(' ');
  if (!encoded.has(key)) {
    const input = ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=25'];
    encoded.set(key, execFileSync(ffmpegPath(), [...input, ...args, '-t', '2', '-f', 'webm', 'pipe:1'], { maxBuffer: 64 << 20 }));
  }
  return Buffer.from(encoded.get(key)!);
};
const VP8 = '-c:v libvpx -g 20 -cluster_time_limit 500'.split(' ');
const VP9 = '-c:v libvpx-vp9 -deadline realtime -cpu-used 8 -g 20 -cluster_time_limit 500'.split(' ');
/** Audio first (so video is track 2), and VP8 with alpha: ffmpeg puts such frames in BlockGroups with BlockAdditions. */
const AUDIO_AND_ALPHA = '-f lavfi -i sine=sample_rate=48000 -map 1:a -map 0:v -c:a libopus -c:v libvpx -pix_fmt yuva420p -auto-alt-ref 0 -g 20'.split(' ');

/** An element's header at p, read independently of the code under test: ID with its marker, where data starts, end. */
function element(f: Uint8Array, p: number) {
  const idLen = Math.clz32(f[p]) - 23;
  const sizeLen = Math.clz32(f[p + idLen]) - 23;
  let size = f[p + idLen] & (0xff >> sizeLen);
  for (let i = 1; i < sizeLen; i++) size = size * 256 + f[p + idLen + i];
  const data = p + idLen + sizeLen;
  return { id: f.subarray(p, p + idLen).reduce((v, b) => v * 256 + b, 0), sizeAt: p + idLen, sizeLen, data, end: data + size };
}
/** The Segment's children (after the EBML header), with their offsets. */
function segmentChildren(f: Uint8Array) {
  const segment = element(f, element(f, 0).end);
  expect(segment.id).toBe(SEGMENT);
  const children: { at: number; id: number }[] = [];
  for (let p = segment.data; p < f.length; p = element(f, p).end) children.push({ at: p, id: element(f, p).id });
  return children;
}
/** Chromium's layout while recording: Segment and every Cluster of unknown size (all-ones size, same length, so no
 * byte moves). ffmpeg's muxer always writes a Cluster's size, so the sizes are rewritten. */
function asLiveRecording(original: Uint8Array) {
  const f = Uint8Array.from(original);
  const unknownSize = (p: number) => {
    const { sizeAt, sizeLen } = element(f, p);
    f.fill(0xff, sizeAt, sizeAt + sizeLen);
    f[sizeAt] = 0xff >> (sizeLen - 1); // the length marker bit and all value bits set
  };
  const clusters = segmentChildren(original).filter((c) => c.id === CLUSTER);
  unknownSize(element(f, 0).end);
  for (const c of clusters) unknownSize(c.at);
  expect(clusters.length).toBeGreaterThan(2);
  return f;
}

/** ffprobe's video packets: pos is where the block's data starts (its track number), after the element's ID and size. */
function probe(f: Uint8Array, stream = 'v:0') {
  const file = path.join(dir, 'probe.webm');
  fs.writeFileSync(file, f);
  const out = execFileSync(FFPROBE!, ['-v', 'error', '-select_streams', stream, '-show_entries', 'packet=pts_time,pos,flags', '-of', 'json', file]);
  const packets: { pts_time: string; pos: string; flags: string }[] = JSON.parse(out.toString()).packets;
  return packets.map((p) => ({ pos: Number(p.pos), ms: Number(p.pts_time) * 1000, keyframe: p.flags.startsWith('K') }));
}
function expectSameAsFfprobe(f: Uint8Array, blocks: WebmBlock[], packets = probe(f)) {
  expect(packets.length).toBeGreaterThan(10);
  expect(blocks).toHaveLength(packets.length);
  blocks.forEach((b, i) => {
    expect([0xa3, 0xa1]).toContain(f[b.offset]); // SimpleBlock or Block
    expect(element(f, b.offset).data).toBe(packets[i].pos);
    expect(b.timeMs).toBeCloseTo(packets[i].ms, 3);
    expect(b.keyframe).toBe(packets[i].keyframe);
  });
}

/** Blocks wholly inside the first `cut` bytes: what a stream cut there must give. */
const completeBefore = (f: Uint8Array, blocks: WebmBlock[], cut: number) => blocks.filter((b) => element(f, b.offset).end <= cut);
function expectCutsGivePrefixes(f: Uint8Array) {
  const all = webmVideoBlocks(f);
  // Every byte around the first cluster starts and a few blocks, and a spread of cuts through the whole file.
  const clusters = segmentChildren(f).filter((c) => c.id === CLUSTER);
  const near = [...clusters.slice(0, 3).map((c) => c.at), all[5].offset, all.at(-1)!.offset].flatMap((p) => Array.from({ length: 40 }, (_, i) => p - 20 + i));
  const spread = Array.from({ length: 200 }, (_, i) => 4 + Math.floor(((f.length - 4) * i) / 200));
  for (const cut of [...near, ...spread, f.length - 1]) {
    expect(webmVideoBlocks(f.subarray(0, cut)), `cut at ${cut}`).toEqual(completeBefore(f, all, cut));
  }
}

describe.skipIf(!FFPROBE)('webmVideoBlocks agrees with ffprobe', () => {
  const fixtureClips = (sub: string) => (fs.existsSync(fixture(sub)) ? fs.readdirSync(fixture(sub)).filter((n) => n.endsWith('.webm')) : []);
  it.skipIf(!hasFixtures)('on every fixture clip (VP8 from ffmpeg, sizes known)', () => {
    const clips = [...fixtureClips('challenge').map((n) => fixture('challenge', n)), ...fixtureClips('clips').map((n) => fixture('clips', n))];
    expect(clips.length).toBeGreaterThan(0);
    for (const clip of clips) {
      const f = fs.readFileSync(clip);
      expectSameAsFfprobe(f, webmVideoBlocks(f));
    }
  });

  it('on VP8 and VP9 streamed live: Segment and Clusters of unknown size, as Chromium writes them', () => {
    for (const codec of [VP8, VP9]) {
      const live = asLiveRecording(encode(codec));
      const blocks = webmVideoBlocks(live);
      expectSameAsFfprobe(live, blocks);
      expect(blocks.filter((b) => b.keyframe)).toHaveLength(3); // 50 frames, a keyframe every 20
    }
  });

  it('picks the video track out of audio, and reads Blocks inside BlockGroups', () => {
    const f = encode(AUDIO_AND_ALPHA);
    const blocks = webmVideoBlocks(f);
    expect(blocks.every((b) => f[b.offset] === 0xa1)).toBe(true);
    expectSameAsFfprobe(f, blocks);
  });

  it('scales times by TimestampScale', () => {
    const f = encode(VP8);
    const scale = Buffer.from([0x2a, 0xd7, 0xb1, 0x83, 0x0f, 0x42, 0x40]); // 1,000,000 ns: ffmpeg's, and the default
    const at = f.indexOf(scale);
    expect(at).toBeGreaterThan(0);
    f.set([0x0c, 0x35, 0x00], at + 4); // 800,000 ns: 40 ms ticks become 32 ms
    const blocks = webmVideoBlocks(f);
    expectSameAsFfprobe(f, blocks);
    expect(blocks[1].timeMs).toBe(32);
  });

  it('takes track 1 for video when no Tracks declare one', () => {
    const f = encode(AUDIO_AND_ALPHA);
    const tracks = segmentChildren(f).find((c) => c.id === TRACKS)!;
    f[tracks.at + 3] = 0x6c; // an unknown element now, skipped
    // Track 1 is the audio here (ffprobe needs the Tracks to find it). ffprobe takes Opus's CodecDelay (6.5 ms) off
    // its times, rounded to ms; the blocks' own times are 7 ms later.
    const audio = probe(encode(AUDIO_AND_ALPHA), 'a:0').map((p) => ({ ...p, ms: p.ms + 7 }));
    expectSameAsFfprobe(f, webmVideoBlocks(f), audio);
  });
});

describe('webmVideoBlocks on a stream cut short', () => {
  it('gives the blocks wholly before the cut, wherever it falls in a live stream', () => {
    expectCutsGivePrefixes(asLiveRecording(encode(VP8)));
  });

  it.skipIf(!hasFixtures)('does the same where Segment and Cluster sizes are known', () => {
    expectCutsGivePrefixes(fs.readFileSync(fixture('clips', 'aoc_3blinks_3s.webm')));
  });

  it('drops a frame whose BlockGroup was cut before it said whether the frame is a keyframe', () => {
    const f = encode(AUDIO_AND_ALPHA);
    const all = webmVideoBlocks(f);
    const i = all.findIndex((b, n) => n > 0 && !b.keyframe);
    expect(webmVideoBlocks(f.subarray(0, element(f, all[i].offset).end))).toEqual(all.slice(0, i));
  });
});

describe('webmVideoBlocks on malformed input', () => {
  const throws = (f: Uint8Array, message: RegExp) => {
    expect(() => webmVideoBlocks(f)).toThrow(WebmParseError);
    expect(() => webmVideoBlocks(f)).toThrow(message);
  };
  let seed = 7;
  const garbage = (n: number) =>
    Uint8Array.from({ length: n }, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed >> 16;
    });

  it('throws on garbage, and on an empty file', () => {
    throws(garbage(5000), /not a WebM file/);
    throws(new Uint8Array(0), /not a WebM file/);
    throws(Buffer.from('<html>not a video</html>'), /not a WebM file/);
  });

  it('throws on garbage after a valid EBML header, and on blocks that are broken', () => {
    const f = encode(VP8);
    const header = element(f, 0).end;
    throws(Buffer.concat([f.subarray(0, header), garbage(5000)]), /unexpected top-level element|invalid EBML/);
    const first = webmVideoBlocks(f)[0];
    const badId = Uint8Array.from(f);
    badId[first.offset] = 0; // no length marker in the first byte
    throws(badId, /invalid EBML ID/);
    // The first Cluster said to hold 4 bytes: its Timestamp (3) and 1 byte of the first block, which overruns it.
    const overrun = Uint8Array.from(f);
    const { sizeAt, sizeLen } = element(f, segmentChildren(f).find((c) => c.id === CLUSTER)!.at);
    overrun.fill(0, sizeAt, sizeAt + sizeLen);
    overrun[sizeAt] |= 0x80 >> (sizeLen - 1);
    overrun[sizeAt + sizeLen - 1] |= 4;
    throws(overrun, /overruns its parent/);
  });

  it('neither recurses into deep nesting nor loops on endless Clusters', () => {
    const header = encode(VP8).subarray(0, 40); // the EBML header ends before byte 40
    const head = [...header.subarray(0, element(header, 0).end), 0x18, 0x53, 0x80, 0x67, 0xff, 0x1f, 0x43, 0xb6, 0x75, 0xff]; // Segment, Cluster
    // 100,000 BlockGroups, each inside the one before, sizes known (8-byte sizes)
    const deep = new Uint8Array(9 * 100_000);
    for (let k = 0; k < 100_000; k++) {
      const size = deep.length - 9 * (k + 1);
      deep.set([0xa0, 0x01, ...Array.from({ length: 7 }, (_, j) => Math.floor(size / 256 ** (6 - j)) % 256)], 9 * k);
    }
    expect(webmVideoBlocks(Uint8Array.from([...head, ...deep]))).toEqual([]);
    // 200,000 Clusters of unknown size in a row: each ends the one before
    const endless = Array.from({ length: 200_000 }, () => [0x1f, 0x43, 0xb6, 0x75, 0xff]).flat();
    expect(webmVideoBlocks(Uint8Array.from([...head, ...endless]))).toEqual([]);
  });
});
