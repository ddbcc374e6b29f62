import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACE_STREAM_MAX_SECONDS } from '@shared/face/face-stream';
import { CHALLENGE_ENROLL } from '@harness/challenge-clips';
import { fixture, hasFixtures, NO_FIXTURES_MESSAGE } from '@harness/face-fixtures';
import { type RecordedStream, recordPerformance } from '@harness/live-stream';
import { createFaceEngine, type FaceEngine, type FaceTemplate } from '@server/face/index';
import { streamClock } from './stream-clock';
import { webmVideoBlocks } from './webm-blocks';

const hasChallengeClips = hasFixtures && fs.existsSync(fixture('challenge', 'c01_p1_left_blink.webm'));

/**
 * Same stream, same verdict (issue 33): a live check recorded once (p1's real frames performing seven instructions,
 * streamed as a browser's recorder would), then judged again and again from what the server kept: the chunks, their
 * arrival times and the instruction times. The verdict and the moves read must not change with the run, with how
 * the engine's workers split the frames, or with whether it was decoded and read while it streamed.
 */
describe.skipIf(!hasChallengeClips)('the live check judged again from the recorded stream', () => {
  if (!hasChallengeClips) console.warn(`${NO_FIXTURES_MESSAGE} (or its challenge/ folder)`);
  let one: FaceEngine;
  let two: FaceEngine;
  let p1: FaceTemplate;
  let recorded: RecordedStream;

  beforeAll(async () => {
    one = await createFaceEngine({ workers: 1, queueLimit: 4, jobTimeoutMs: 120_000 });
    two = await createFaceEngine({ workers: 2, queueLimit: 4, jobTimeoutMs: 120_000 });
    p1 = await two.enroll(CHALLENGE_ENROLL.p1.map((f) => fs.readFileSync(fixture('challenge', f))));
    recorded = await recordPerformance(
      ['turn_left', 'blink', 'turn_right', 'turn_right', 'blink', 'turn_left', 'blink'],
      [1500, 3100, 4600, 6200, 7700, 9100, 10600],
    );
  }, 300_000);
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it('gives the same verdict and moves every time, on one worker or two', { timeout: 600_000 }, async () => {
    const judge = async (engine: FaceEngine) => {
      const clock = streamClock(webmVideoBlocks(recorded.video), recorded.arrivals, recorded.sentAt);
      if (!clock.ok) throw new Error(`stream refused: ${clock.reason}`);
      const v = await engine.verifyVideo(recorded.video, p1, { challenge: recorded.steps, stepTimes: clock.stepTimes, maxSeconds: FACE_STREAM_MAX_SECONDS });
      return { success: v.success, reason: v.reason, blink_count: v.blink_count, similarity: v.similarity, moves: v.moves, stepTimes: clock.stepTimes };
    };
    const first = await judge(two);
    console.log(`[live-stream-replay] ${JSON.stringify(first)}`);
    expect(first).toMatchObject({ success: true, reason: 'accepted' });
    // again on one worker (its frames not split); on two again below, read as it streamed
    expect(await judge(one)).toEqual(first);
    // decoded as it streamed, its runs read while it arrived (as the server does when the engine has room)
    const live = two.startLiveDecode?.(FACE_STREAM_MAX_SECONDS);
    if (!live) throw new Error('no live decode slot on an idle engine');
    for (const [i, a] of recorded.arrivals.entries()) {
      // a second before the end, as the page's `done` comes: the last runs are read as their frames come
      if (i === recorded.arrivals.length - 4) live.finishing();
      live.write(recorded.video.subarray(a.offset, recorded.arrivals[i + 1]?.offset ?? recorded.video.length));
      await new Promise((r) => setTimeout(r, 40)); // chunks come over time: runs are read while later ones arrive
    }
    live.end();
    const clock0 = streamClock(webmVideoBlocks(recorded.video), recorded.arrivals, recorded.sentAt);
    if (!clock0.ok) throw new Error(clock0.reason);
    const streamed = await two.verifyVideo(recorded.video, p1, {
      challenge: recorded.steps,
      stepTimes: clock0.stepTimes,
      maxSeconds: FACE_STREAM_MAX_SECONDS,
      live,
    });
    live.close();
    expect({
      success: streamed.success,
      reason: streamed.reason,
      blink_count: streamed.blink_count,
      similarity: streamed.similarity,
      moves: streamed.moves,
      stepTimes: clock0.stepTimes,
    }).toEqual(first);
    // the same video with the instructions a second later is another check: the moves are no longer answers
    const late = recorded.sentAt.map((t) => t + 1000);
    const clock = streamClock(webmVideoBlocks(recorded.video), recorded.arrivals, late);
    if (!clock.ok) throw new Error(clock.reason);
    const shifted = await two.verifyVideo(recorded.video, p1, { challenge: recorded.steps, stepTimes: clock.stepTimes, maxSeconds: FACE_STREAM_MAX_SECONDS });
    expect(shifted).toMatchObject({ success: false, reason: 'challenge_not_followed' });
  });
});
