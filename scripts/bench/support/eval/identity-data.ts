import fs from 'node:fs';
import path from 'node:path';
import { windowFrames } from '@server/face/analysis/index';
import { decodeVideo } from '@server/face/decoding/index';
import { CHALLENGE_ENROLL } from '@harness/challenge-clips';

/**
 * Every real face of the fixtures, labelled by person, for the identity benchmark (identity.ts). One label per
 * person across folders: people/zuckerberg_* and wide/zuckerberg_* are one man; the folders' other people are all
 * distinct (the fixtures' READMEs). Left out: the group photo, the antispoof shots and the spoof clips (not one
 * live person), and the .y4m copies of the clips.
 */

export interface Still {
  person: string;
  /** relative to the fixtures' root */
  file: string;
  /** one of the person's 3 enrollment stills (clips/enroll_*, challenge/enroll_*) */
  enrollment: boolean;
}

export interface Clip {
  person: string;
  file: string;
  /** the head stays frontal (no turn, no look away; the READMEs' truth tables): what today's blink check records */
  frontal: boolean;
}

/** The challenge clips whose head stays frontal (challenge/README.md): c03 small nods, c09 small sways. */
const FRONTAL_CHALLENGE = ['c03', 'c09'];

export function fixtureStills(root: string): Still[] {
  const out: Still[] = [];
  const add = (person: string, file: string, enrollment = false) => out.push({ person, file, enrollment });
  const list = (dir: string) => fs.readdirSync(path.join(root, dir)).sort();
  const isImage = (f: string) => /\.(jpe?g|png)$/i.test(f);
  for (const name of list('photos/bbt'))
    if (fs.statSync(path.join(root, 'photos/bbt', name)).isDirectory())
      for (const f of list(`photos/bbt/${name}`)) add(`bbt/${name}`, `photos/bbt/${name}/${f}`);
  // people/<name>_N.jpg and wide/<name>_<what>.jpg: the name before the first underscore is the person
  for (const folder of ['photos/people', 'photos/wide']) for (const f of list(folder).filter(isImage)) add(f.split('_')[0], `${folder}/${f}`);
  for (const f of list('clips').filter((x) => x.startsWith('enroll_'))) add(f.split('_')[1], `clips/${f}`, true);
  for (const [person, files] of Object.entries(CHALLENGE_ENROLL)) for (const f of files) add(person, `challenge/${f}`, true);
  for (const id of list('identities')) {
    const dir = `identities/${id}`;
    if (!fs.statSync(path.join(root, dir)).isDirectory()) continue;
    // NNN/ are the London set's strangers; lisa/ is one more person, eight photos
    for (const f of list(dir).filter(isImage)) add(id === 'lisa' ? 'lisa' : `london/${id}`, `${dir}/${f}`);
  }
  return out;
}

/** The live clips of people who also have enrollment stills (the spoof clips show no live enrolled person). */
export function fixtureClips(root: string): Clip[] {
  const clips: Clip[] = [
    { person: 'aoc', file: 'clips/aoc_3blinks_3s.webm', frontal: true },
    { person: 'mcguinness', file: 'clips/mcguinness_0blinks_3s.webm', frontal: true },
    { person: 'd0', file: 'clips/d0_man_1blink_3s.webm', frontal: true },
  ];
  for (const f of fs.readdirSync(path.join(root, 'challenge')).sort()) {
    const m = /^(c\d+)_(p\d)_.*\.webm$/.exec(f);
    if (m) clips.push({ person: m[2], file: `challenge/${f}`, frontal: FRONTAL_CHALLENGE.includes(m[1]) });
  }
  return clips;
}

export interface ClipFrame {
  /** frame number at 25 fps */
  frame: number;
  rgb: Uint8Array;
  width: number;
  height: number;
}

/** Each clip is cut in this many parts, and each part gets the engine's identity frames (3 windows, the sharpest of each). */
export const CLIP_PARTS = 3;

/**
 * More of the frames a check would identify: the engine's rule (identify-clip.ts windowFrames: the sharpest of 4
 * spread candidates in each of 3 windows) on each of CLIP_PARTS parts of the clip, 9 frames in all. Copied out of
 * the decoder's buffer into shared memory, so that worker threads read them without a copy.
 */
export async function sharpClipFrames(video: Buffer): Promise<ClipFrame[]> {
  const v = await decodeVideo(video, { fps: 25, timeoutMs: 60_000 });
  try {
    const picks = Array.from({ length: CLIP_PARTS }, (_, k) => {
      const start = Math.floor((k * v.frames.length) / CLIP_PARTS);
      const end = Math.floor(((k + 1) * v.frames.length) / CLIP_PARTS);
      return windowFrames({ ...v, frames: v.frames.slice(start, end) }).map((f) => start + f);
    }).flat();
    return picks.map((frame) => ({ frame, rgb: shared(v.frames[frame]), width: v.width, height: v.height }));
  } finally {
    v.release();
  }
}

export function shared(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(new SharedArrayBuffer(bytes.length));
  out.set(bytes);
  return out;
}
