import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { ChallengeHint } from '../../../src/shared/face/face-challenge';
import { MSG } from '../../../src/shared/messages';
import { type CameraClip, SIG_H, SIG_W } from './challenge-camera';
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
 * Where Start is pressed: `from`..`to` seconds after the fake camera's file has come round to its still lead-in.
 * Told from the picture (the preview's frame against the clip's frames in small), not from the preview's clock: on
 * a loaded machine Chromium's file camera falls behind real time and never catches up (it plays every frame, late),
 * so video.currentTime drifts seconds away from where the file is (docs/face-challenge.md).
 */
export interface StartWindow {
  camera: Pick<CameraClip, 'signatures' | 'headEnd' | 'tailStart'>;
  from: number;
  to: number;
}

/**
 * Waits until the preview shows the camera's lead-in, `from`..`to` s (by the page's clock) after it first showed a
 * frame of the clip's still start following frames of its still end (the file's loop): where a student facing the
 * camera, still, presses Start, so the whole attempt ends before the file loops again. The lead-in plays no faster
 * than real time, so late in the window is never past it.
 */
export async function waitForStartWindow(page: Page, w: StartWindow) {
  await page.waitForFunction(
    ({ camera, from, to, sigW, sigH }) => {
      const g = window as unknown as { __lead?: { canvas: HTMLCanvasElement; sawTail: boolean; cutAt: number | null } };
      const video = document.querySelector('video');
      if (!video || video.videoWidth === 0) return false;
      g.__lead ??= { canvas: document.createElement('canvas'), sawTail: false, cutAt: null };
      const s = g.__lead;
      const vw = video.videoWidth;
      const vh = video.videoHeight;
      s.canvas.width = vw;
      s.canvas.height = vh;
      const ctx = s.canvas.getContext('2d', { willReadFrequently: true })!;
      ctx.drawImage(video, 0, 0, vw, vh);
      const rgb = ctx.getImageData(0, 0, vw, vh).data;
      // frameSignature of challenge-camera.ts, on the frame's luma (the page's CSP allows no eval to share its source)
      const mine = new Array<number>(sigW * sigH).fill(0);
      for (let y = 0; y < vh; y++)
        for (let x = 0; x < vw; x++) {
          const i = (y * vw + x) * 4;
          mine[Math.floor((y * sigH) / vh) * sigW + Math.floor((x * sigW) / vw)] += 0.299 * rgb[i] + 0.587 * rgb[i + 1] + 0.114 * rgb[i + 2];
        }
      const mean = mine.reduce((a, b) => a + b, 0) / mine.length;
      const sd = Math.sqrt(mine.reduce((a, b) => a + (b - mean) ** 2, 0) / mine.length) || 1;
      for (let k = 0; k < mine.length; k++) mine[k] = (mine[k] - mean) / sd;
      let best = 0;
      let bestD = Number.POSITIVE_INFINITY;
      camera.signatures.forEach((ref, i) => {
        let d = 0;
        for (let k = 0; k < ref.length; k++) d += (ref[k] - mine[k]) ** 2;
        if (d < bestD) [best, bestD] = [i, d];
      });
      const now = performance.now() / 1000;
      if (best >= camera.tailStart) [s.sawTail, s.cutAt] = [true, null];
      else if (best <= camera.headEnd) {
        if (s.sawTail && s.cutAt === null) s.cutAt = now;
      } else [s.sawTail, s.cutAt] = [false, null];
      if (s.cutAt !== null && now - s.cutAt > to) [s.sawTail, s.cutAt] = [false, null];
      const inWindow = s.cutAt !== null && now - s.cutAt >= from;
      if (inWindow) delete g.__lead;
      return inWindow;
    },
    { camera: { signatures: w.camera.signatures, headEnd: w.camera.headEnd, tailStart: w.camera.tailStart }, from: w.from, to: w.to, sigW: SIG_W, sigH: SIG_H },
    { polling: 20, timeout: 120_000 },
  );
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
    /** Start is pressed only while the looping camera is within `from`..`to` s of its loop (waitForStartWindow) */
    startWindow?: StartWindow;
  } = {},
): Promise<ChallengeAttempt> {
  await page.goto('/face-detection');
  const start = page.getByRole('button', { name: MSG.verification.start });
  const frame = page.getByTestId('camera-frame');
  // on a starved machine the page can take long to draw: wait for Start as long as for a verdict, and say what the page
  // showed instead if it never comes (once, beside a full CI run, two busy loops and an engine script, 30 s passed)
  await start.waitFor({ timeout: 120_000 }).catch(async (err: unknown) => {
    const shown = await page
      .locator('body')
      .innerText()
      .catch(() => '?');
    console.log(`[face-challenge] no Start button; the page showed: ${shown.slice(0, 600)}`);
    throw err;
  });
  for (let i = 0; i < 150 && !(await start.isEnabled()); i += 1) await page.waitForTimeout(200);
  if (opts.live) await page.locator('[data-testid="camera-frame"][data-tracking="live"]').waitFor({ timeout: 60_000 });
  if (opts.waitMs) await page.waitForTimeout(opts.waitMs);
  const tracking = await frame.getAttribute('data-tracking');
  const answer = page.waitForResponse((res) => res.url().endsWith('/api/compare-face-video') && res.status() !== 503, { timeout: 120_000 });
  if (opts.startWindow) await waitForStartWindow(page, opts.startWindow);
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
