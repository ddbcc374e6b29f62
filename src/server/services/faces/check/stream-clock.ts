import { FACE_STREAM_MAX_LEAD_MS, FACE_STREAM_MAX_STALL_MS } from '@shared/face/face-stream';
import type { WebmBlock } from './webm-blocks';

/** A chunk of the live stream: where it starts in the whole file and when it arrived (ms, the server's monotonic clock). */
export interface ChunkArrival {
  offset: number;
  at: number;
}

export type StreamClockRefusal = 'stream_too_fast' | 'stream_stalled' | 'stream_unreadable';

export type StreamClock =
  | {
      ok: true;
      /** when each instruction was sent, in ms from the clip's first frame on the video's own clock */
      stepTimes: number[];
      /** the most a frame arrived before its place on the clock, and the most after it (ms): for the logs */
      leadMs: number;
      lagMs: number;
    }
  | { ok: false; reason: StreamClockRefusal; leadMs?: number; lagMs?: number };

/** The arrival time of the chunk holding byte `offset` (chunks are in file order). */
function arrivalOf(chunks: ChunkArrival[], offset: number): number {
  let lo = 0;
  let hi = chunks.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (chunks[mid].offset <= offset) lo = mid;
    else hi = mid - 1;
  }
  return chunks[lo].at;
}

/**
 * Puts the instructions on the video's own clock, from what the server saw: when each chunk arrived and which frames
 * it carried (webm-blocks.ts). A frame was recorded no later than its chunk arrived, so the clip's start is placed at
 * the earliest that the frames received before the first instruction allow: `anchor` = min(arrival - frame time).
 * That is fixed before any instruction exists, so nothing sent later can move the windows. Then:
 * - no frame may arrive more than FACE_STREAM_MAX_LEAD_MS before its place measured from the first chunk's arrival
 *   (a recording pushed faster than real time);
 * - none more than FACE_STREAM_MAX_STALL_MS after its place on the anchor's clock (a stream held back, to be filled
 *   in once the instruction is known).
 * The instruction times come out in ms from the clip's first frame, the clock of the engine's readings. A pure
 * function of its inputs: the same chunks, arrivals and instruction times always give the same windows.
 */
export function streamClock(blocks: WebmBlock[], chunks: ChunkArrival[], sentAt: number[]): StreamClock {
  if (blocks.length === 0 || chunks.length === 0 || sentAt.length === 0) return { ok: false, reason: 'stream_unreadable' };
  const t0 = blocks[0].timeMs;
  const firstArrival = chunks[0].at;
  const frames = blocks.map((b) => ({ t: b.timeMs - t0, at: arrivalOf(chunks, b.offset) }));
  let leadMs = 0;
  for (const f of frames) leadMs = Math.max(leadMs, f.t - (f.at - firstArrival));
  if (leadMs > FACE_STREAM_MAX_LEAD_MS) return { ok: false, reason: 'stream_too_fast', leadMs: Math.round(leadMs) };
  const before = frames.filter((f) => f.at <= sentAt[0]);
  if (before.length === 0) return { ok: false, reason: 'stream_stalled' };
  const anchor = Math.min(...before.map((f) => f.at - f.t));
  let lagMs = 0;
  for (const f of frames) lagMs = Math.max(lagMs, f.at - (anchor + f.t));
  if (lagMs > FACE_STREAM_MAX_STALL_MS) return { ok: false, reason: 'stream_stalled', lagMs: Math.round(lagMs) };
  return { ok: true, stepTimes: sentAt.map((s) => Math.round(s - anchor)), leadMs: Math.round(leadMs), lagMs: Math.round(lagMs) };
}
