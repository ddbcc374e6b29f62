import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { ChallengeHint } from '../../../src/shared/face-challenge';
import { MSG } from '../../../src/shared/messages';
import { type FaceAttempt, uploadedVideo } from './face-attempts';

/** Where the uploads go when FACE_UPLOAD_DUMP_DIR is set (the page needs keepUploadedVideo): the webm the server got. */
const DUMP_DIR = process.env.FACE_UPLOAD_DUMP_DIR;

export interface ChallengeAttempt {
  verdict: FaceAttempt;
  /** the upload's fields as the page sent them */
  challengeId: string | null;
  hints: ChallengeHint[] | null;
  /** the tracker's state when Start was pressed, and the guidance the recording got */
  tracking: string | null;
  mode: string | null;
  /** where the fake camera's loop was at Start (video.currentTime: the file plays from its start as the camera opens) */
  cameraAt: number;
  /** from the click on Start to the verdict's arrival, measured in the browser */
  startToVerdictMs: number;
}

/** Runs in the page: keeps the last face upload's text fields and when it was answered (performance.now). */
export function keepChallengeFields() {
  const original = window.fetch;
  const page = window as unknown as { __fields?: Record<string, string | null>; __answeredAt?: number; __clickedAt?: number };
  document.addEventListener('click', () => (page.__clickedAt = performance.now()), true);
  window.fetch = async (input, init) => {
    const form = init?.body instanceof FormData ? init.body : null;
    const isVideo = form?.get('video') instanceof Blob;
    if (isVideo) page.__fields = { challenge_id: form!.get('challenge_id') as string | null, hints: form!.get('hints') as string | null };
    const res = await original(input, init);
    if (isVideo && res.status !== 503) page.__answeredAt = performance.now();
    return res;
  };
}

/**
 * One attempt through the face page as a student makes it: open /face-detection, wait until the camera runs and (when
 * `live`) the tracker follows the face, `waitMs` more, press Start, wait for the server's verdict. `firstInstruction`,
 * when given, must be the first instruction the page shows.
 */
export async function attemptChallenge(
  page: Page,
  opts: {
    live?: boolean;
    firstInstruction?: string;
    waitMs?: number;
    label?: string;
    /** the looping clip's length and its turn's span (s): Start is pressed only outside the turn and away from the loop's cut, as a student facing the camera does */
    facingCamera?: { loopS: number; turn: readonly [number, number] };
  } = {},
): Promise<ChallengeAttempt> {
  await page.goto('/face-detection');
  const start = page.getByRole('button', { name: MSG.verification.start });
  const frame = page.getByTestId('camera-frame');
  for (let i = 0; i < 150 && !(await start.isEnabled()); i += 1) await page.waitForTimeout(200);
  if (opts.live) await page.locator('[data-testid="camera-frame"][data-tracking="live"]').waitFor({ timeout: 60_000 });
  if (opts.waitMs) await page.waitForTimeout(opts.waitMs);
  const tracking = await frame.getAttribute('data-tracking');
  const answer = page.waitForResponse((res) => res.url().endsWith('/api/compare-face-video') && res.status() !== 503, { timeout: 120_000 });
  if (opts.facingCamera) {
    await page.waitForFunction(
      ({ loopS, turn }) => {
        const at = document.querySelector('video')!.currentTime % loopS;
        // nor within 0.25 s of the loop's cut: a jump from the clip's end to its start that no camera makes
        return at > 0.25 && at < loopS - 0.25 && (at < turn[0] || at > turn[1]);
      },
      opts.facingCamera,
      { polling: 20 },
    );
  }
  const cameraAt = await page.evaluate(() => document.querySelector('video')!.currentTime);
  await start.click();
  let mode: string | null = null;
  if (opts.firstInstruction) {
    await page.getByTestId('challenge-instruction').getByText(opts.firstInstruction).waitFor({ timeout: 15_000 });
    mode = await page.getByTestId('challenge-steps').getAttribute('data-mode');
  }
  const res = await answer;
  const verdict = (await res.json()) as FaceAttempt;
  const video = DUMP_DIR && opts.label ? await uploadedVideo(page) : null;
  if (video && DUMP_DIR) {
    fs.mkdirSync(DUMP_DIR, { recursive: true });
    fs.writeFileSync(path.join(DUMP_DIR, `${opts.label}.webm`), video);
  }
  const sent = await page.evaluate(() => {
    const w = window as unknown as { __fields?: Record<string, string | null>; __answeredAt?: number; __clickedAt?: number };
    return { fields: w.__fields ?? {}, ms: (w.__answeredAt ?? 0) - (w.__clickedAt ?? 0) };
  });
  return {
    verdict,
    challengeId: sent.fields.challenge_id ?? null,
    hints: sent.fields.hints ? (JSON.parse(sent.fields.hints) as ChallengeHint[]) : null,
    tracking,
    mode,
    cameraAt,
    startToVerdictMs: Math.round(sent.ms),
  };
}
