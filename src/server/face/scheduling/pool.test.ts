import { afterAll, describe, expect, it } from 'vitest';
import { MAX_VIDEO_SECONDS } from '@shared/constants';
import { FACE_MODEL_ID } from '../config';
import { createFaceEngine, FaceBusyError } from '../index';
import { TaskTimeoutError, WorkerPool } from './pool';
import type { FrameReading } from '../protocol';
import { pipedTestClip } from '@tests/helpers/test-clips';

/** Real worker threads (TypeScript loaded through tsx's API, under vitest as under `tsx`). */
describe('WorkerPool', () => {
  const pool = new WorkerPool(1, () => 'liveness');
  afterAll(() => pool.close());
  const frames = (n: number) => Array.from({ length: n }, () => new Uint8Array(320 * 240 * 3).fill(90));

  it('starts workers and runs tasks on them', async () => {
    await pool.start();
    const readings = await pool.run<FrameReading[]>({ kind: 'frames', frames: frames(3), width: 320, height: 240 }, { deadline: Date.now() + 30_000 });
    expect(readings).toEqual([0, 1, 2].map(() => ({ faces: 0, left: null, right: null })));
    expect(pool.memory()[0]?.numTensors).toBeGreaterThan(0);
  }, 300_000);

  it('terminates a worker whose task runs past its deadline, and replaces it', async () => {
    const late = await pool.run({ kind: 'frames', frames: frames(200), width: 320, height: 240 }, { deadline: Date.now() + 100 }).catch((e: unknown) => e);
    expect(late).toBeInstanceOf(TaskTimeoutError);
    const again = await pool.run<FrameReading[]>({ kind: 'frames', frames: frames(1), width: 320, height: 240 }, { deadline: Date.now() + 60_000, worker: 0 });
    expect(again).toHaveLength(1);
  }, 300_000);
});

describe('engine job deadline', () => {
  /** A check of a clip of ffmpeg's test pattern (no face) by an engine of one worker and this job deadline: its error. */
  const verifyWithDeadline = async (jobTimeoutMs: number, clip: Parameters<typeof pipedTestClip>[0]) => {
    const engine = await createFaceEngine({ workers: 1, jobTimeoutMs });
    try {
      const template = { descriptors: [], mean: new Float32Array(128), model: FACE_MODEL_ID };
      return await engine.verifyVideo(pipedTestClip(clip), template).catch((e: unknown) => e);
    } finally {
      await engine.close();
    }
  };

  it('answers FaceBusyError (HTTP 503) when a verification cannot finish in time', async () => {
    // The deadline must outlast the decode and not the liveness pass. A small picture decodes fast (10 s of 320x240 in
    // 0.27 s wall here, against 0.42 s for 6 s of 640x480, which took past 1 s at load 10: 7x headroom, not 2.4x)
    // while every frame without a face is read: 10 s of them take one worker well over 2 s.
    const err = await verifyWithDeadline(2000, { size: '320x240', rate: 25, seconds: MAX_VIDEO_SECONDS });
    expect(err).toBeInstanceOf(FaceBusyError);
    expect(err).toMatchObject({ code: 'timeout' });
  }, 300_000);

  it('answers FaceBusyError, not a refusal of the video, when the decode itself outlasts the deadline', async () => {
    // the decode gets what is left of the job's time: 1 ms here, which no decode meets. Running out of it is the
    // server's lateness (the upload passed its size, length and frame checks), so it is the busy answer, never the
    // student's fault.
    const err = await verifyWithDeadline(1, { size: '640x480', rate: 25, seconds: 3 });
    expect(err).toBeInstanceOf(FaceBusyError);
    expect(err).toMatchObject({ code: 'timeout' });
  }, 300_000);
});
