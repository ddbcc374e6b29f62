import type { FrameReading } from '../protocol';

/**
 * Face tracks: runs of consecutive frames that show one face moving continuously. A frame without a face, or a
 * box that jumps or changes size more than a head can between two samples (80 ms apart), starts a new track: a
 * photo taken away and a face put in its place, or a cut in an edited video. Free to compute (the mesh gives the
 * box), and it decides where identity must be checked: every track gets its own identity frame.
 */
export interface FaceTrack {
  /** first and last frame index, inclusive */
  start: number;
  end: number;
}

export const TRACK_RULES = {
  /** centre moved more than this fraction of the face's width between consecutive face frames */
  maxJump: 0.35,
  /** width grew or shrank by more than this factor */
  maxScale: 1.45,
  /** frames without a face bridged when the box after them continues the box before (0: none; see challenge.ts) */
  maxGapFrames: 0,
};

const centre = (b: [number, number, number, number]) => [b[0] + b[2] / 2, b[1] + b[3] / 2];

function continues(prev: [number, number, number, number], cur: [number, number, number, number], rules: typeof TRACK_RULES): boolean {
  const [px, py] = centre(prev);
  const [cx, cy] = centre(cur);
  const width = Math.max(prev[2], cur[2]);
  const scale = Math.max(prev[2], cur[2]) / Math.max(1e-6, Math.min(prev[2], cur[2]));
  return Math.hypot(cx - px, cy - py) <= rules.maxJump * width && scale <= rules.maxScale;
}

export function faceTracks(readings: FrameReading[], rules = TRACK_RULES): FaceTrack[] {
  const tracks: FaceTrack[] = [];
  let cur: FaceTrack | null = null;
  let last: [number, number, number, number] | null = null;
  let gap = 0;
  readings.forEach((r, i) => {
    const box = r.faces >= 1 ? r.box : undefined;
    if (!box) {
      gap++;
      return;
    }
    if (gap > rules.maxGapFrames) {
      cur = null;
      last = null;
    }
    gap = 0;
    if (cur && last && continues(last, box, rules)) cur.end = i;
    else {
      cur = { start: i, end: i };
      tracks.push(cur);
    }
    last = box;
  });
  return tracks;
}

/** The track holding frame `i`, if any. */
export const trackOf = (tracks: FaceTrack[], i: number) => tracks.find((t) => t.start <= i && i <= t.end);
