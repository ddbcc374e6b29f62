import fs from 'node:fs';
import path from 'node:path';
import type { Page, WebSocket } from 'playwright-core';
import type { ChallengeStep } from '@shared/face/face-challenge';
import { FACE_STREAM_PATH, type FaceStreamServerMessage } from '@shared/face/face-stream';
import { MSG } from '@shared/messages';
import { refusalAdvice } from '@/features/verification/refusal-advice';
import type { CameraTrace } from './performer-camera';

/**
 * Where the streamed videos go when FACE_UPLOAD_DUMP_DIR is set (the page needs keepStreamedChunks): the chunks the
 * page sent, one webm per attempt.
 */
export const DUMP_DIR = process.env.FACE_UPLOAD_DUMP_DIR;

/** The page's instruction as it was drawn, read the moment it changed (noteInstructions). */
export interface InstructionShown {
  index: number;
  step: string | null;
  text: string;
  ariaLive: string | null;
  /** the arrow's data-direction, and on which half of the camera frame it is drawn */
  arrow: string | null;
  arrowSide: 'left' | 'right' | null;
  count: string | null;
  /** the list of instructions received: each item's words and data-done */
  items: { text: string; done: string | null }[];
}

/**
 * Runs in the page (context.addInitScript): notes on window.__instructions what the face page shows each time its
 * instruction gets a new data-index, read in the same task as React's commit, before anyone could react to it.
 */
export function noteInstructions() {
  const shown: InstructionShown[] = [];
  Object.assign(window, { __instructions: shown });
  let last: string | null = null;
  new MutationObserver(() => {
    const instruction = document.querySelector('[data-testid="challenge-instruction"]');
    const index = instruction?.getAttribute('data-index') ?? null;
    if (!instruction || index === null || index === last) {
      last = index;
      return;
    }
    last = index;
    const frame = document.querySelector('[data-testid="camera-frame"]')?.getBoundingClientRect();
    const arrow = document.querySelector('[data-testid="camera-frame"] [data-testid="challenge-arrow"]');
    const box = arrow?.getBoundingClientRect();
    shown.push({
      index: Number(index),
      step: instruction.getAttribute('data-step'),
      text: instruction.textContent ?? '',
      ariaLive: instruction.getAttribute('aria-live'),
      arrow: arrow?.getAttribute('data-direction') ?? null,
      arrowSide: box && frame ? (box.left + box.width / 2 < frame.left + frame.width / 2 ? 'left' : 'right') : null,
      count: document.querySelector('[data-testid="challenge-count"]')?.textContent ?? null,
      items: [...document.querySelectorAll('[data-testid="challenge-steps"] li')].map((li) => ({
        text: li.textContent ?? '',
        done: li.getAttribute('data-done'),
      })),
    });
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

/**
 * Runs in the page when FACE_UPLOAD_DUMP_DIR is set: keeps the binary messages of the last face stream on window
 * (the recorder's chunks as sent), so the test can save what the server got.
 */
export function keepStreamedChunks() {
  const send = WebSocket.prototype.send;
  const kept = new WeakSet<WebSocket>();
  WebSocket.prototype.send = function (this: WebSocket, data) {
    const w = window as unknown as { __streamed?: Blob[] };
    if (!kept.has(this)) {
      kept.add(this);
      w.__streamed = [];
    }
    if (data instanceof Blob) w.__streamed?.push(data);
    return send.call(this, data);
  };
}

async function streamedVideo(page: Page): Promise<Buffer | null> {
  const base64 = await page.evaluate(async () => {
    const chunks = (window as unknown as { __streamed?: Blob[] }).__streamed;
    if (!chunks?.length) return null;
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  });
  return base64 ? Buffer.from(base64, 'base64') : null;
}

type Answer = Extract<FaceStreamServerMessage, { type: 'verdict' } | { type: 'refused' }> | { type: 'lost' };

export interface LiveAttempt {
  /** the server's last word on the socket (a verdict, or a refusal), or lost: the socket closed without one */
  answer: Answer;
  /** the instructions as the server sent them */
  steps: ChallengeStep[];
  /** ms from the last instruction's arrival to the verdict's (both read off the socket by the test) */
  lastStepToVerdictMs: number | null;
  /** ms from the end of the camera's last move (its last frame drawn) to the verdict's arrival at the test */
  lastMoveToVerdictMs: number | null;
  /** what the page drew for each instruction, and what its camera played */
  shown: InstructionShown[];
  camera: CameraTrace | null;
  tracking: string | null;
}

export const answerCode = (a: Answer) =>
  a.type === 'verdict' ? (a.success ? 'accepted' : (a.error_code ?? 'refused')) : a.type === 'refused' ? a.error_code : 'lost';

/** Resolves once the preview has presented `n` more frames: the camera is running, not only open. */
export async function framesFlowing(page: Page, n = 10) {
  await page.evaluate(
    (count) =>
      new Promise<void>((resolve, reject) => {
        const video = document.querySelector('video');
        if (!video) return reject(new Error('no video element'));
        let seen = 0;
        const onFrame = () => {
          seen += 1;
          if (seen >= count) resolve();
          else video.requestVideoFrameCallback(onFrame);
        };
        video.requestVideoFrameCallback(onFrame);
        setTimeout(() => reject(new Error(`the preview presented ${seen} of ${count} frames in 30 s`)), 30_000);
      }),
    n,
  );
}

/**
 * Follows the next face-check socket the page opens: every message the server sends on it, and its last word (a
 * verdict or a refusal; lost if it closed without one). Call before the click that opens it.
 */
export function followCheckSocket(page: Page, label: string) {
  const received: { at: number; msg: FaceStreamServerMessage }[] = [];
  const answer = new Promise<Answer>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label}: no answer on the socket in 150 s`)), 150_000);
    const done = (a: Answer) => {
      clearTimeout(timer);
      resolve(a);
    };
    const onSocket = (ws: WebSocket) => {
      if (!ws.url().endsWith(FACE_STREAM_PATH)) return;
      page.off('websocket', onSocket);
      ws.on('framereceived', ({ payload }) => {
        const msg = JSON.parse(payload.toString()) as FaceStreamServerMessage;
        received.push({ at: performance.now(), msg });
        if (msg.type === 'verdict' || msg.type === 'refused') done(msg);
      });
      ws.on('close', () => done({ type: 'lost' }));
    };
    page.on('websocket', onSocket);
  });
  return { received, answer };
}

/**
 * One live check through the face page as a student makes it: open /face-detection, wait for Start and for the
 * camera's frames to flow, press Start, and follow the socket to the server's answer. The page must then show it: a
 * verdict turns the frame green, a refusal puts its headline in the status.
 */
export async function attemptLiveCheck(page: Page, label: string): Promise<LiveAttempt> {
  await page.goto('/face-detection');
  const start = page.getByRole('button', { name: MSG.verification.start });
  await page.locator('[data-testid="camera-frame"]:not([data-tracking="loading"])').waitFor({ timeout: 120_000 });
  for (let i = 0; i < 600 && !(await start.isEnabled()); i += 1) await page.waitForTimeout(200);
  await framesFlowing(page);
  const tracking = await page.getByTestId('camera-frame').getAttribute('data-tracking');

  const socket = followCheckSocket(page, label);
  await start.click();
  const result = await socket.answer;
  const received = socket.received;

  if (result.type === 'verdict' && result.success) await page.locator('[data-testid="camera-frame"][data-frame="success"]').waitFor();
  else if (result.type === 'verdict') await page.getByTestId('verification-status').getByText(refusalAdvice(result.error_code).headline).waitFor();
  const video = DUMP_DIR ? await streamedVideo(page) : null;
  if (DUMP_DIR && video) {
    fs.mkdirSync(DUMP_DIR, { recursive: true });
    fs.writeFileSync(path.join(DUMP_DIR, `${label}.webm`), video);
  }

  const steps = received.flatMap(({ msg }) => (msg.type === 'step' ? [msg.step] : []));
  const lastStep = received.findLast(({ msg }) => msg.type === 'step');
  const verdict = received.find(({ msg }) => msg.type === 'verdict');
  const asked = performance.now();
  const { shown, camera, pageNow } = await page.evaluate(() => {
    const w = window as unknown as { __instructions?: InstructionShown[]; __camera?: CameraTrace };
    return { shown: w.__instructions ?? [], camera: w.__camera ?? null, pageNow: performance.now() };
  });
  // the page's clock against the test's, from one round trip (a few ms either way)
  const pageAhead = pageNow - (asked + performance.now()) / 2;
  const lastMoveEnd = camera?.played.at(-1)?.endAt;
  return {
    answer: result,
    steps,
    lastStepToVerdictMs: lastStep && verdict ? Math.round(verdict.at - lastStep.at) : null,
    lastMoveToVerdictMs: lastMoveEnd !== undefined && verdict ? Math.round(verdict.at + pageAhead - lastMoveEnd) : null,
    shown,
    camera,
    tracking,
  };
}
