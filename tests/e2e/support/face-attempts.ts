import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { MSG } from '@shared/messages';
import { fixture } from '@harness/face-fixtures';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';
import { launchBrowser, openPage } from './browser';
import { login, registerViaApi } from './journey';

export interface FaceAttempt {
  success: boolean;
  blink_count: number;
  error_code?: string;
  message?: string;
}

/** Where the uploads go when FACE_UPLOAD_DUMP_DIR is set (the page needs keepUploadedVideo): the webm the server got. */
const DUMP_DIR = process.env.FACE_UPLOAD_DUMP_DIR;

/** Runs in the page: keeps the last uploaded `video` field on window, so the test can save what the server got. */
export function keepUploadedVideo() {
  const original = window.fetch;
  window.fetch = async (input, init) => {
    const video = init?.body instanceof FormData ? init.body.get('video') : null;
    if (video instanceof Blob) (window as unknown as { __video?: Blob }).__video = video;
    return original(input, init);
  };
}

export async function uploadedVideo(page: Page): Promise<Buffer | null> {
  const base64 = await page.evaluate(async () => {
    const video = (window as unknown as { __video?: Blob }).__video;
    if (!video) return null;
    const bytes = new Uint8Array(await video.arrayBuffer());
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  });
  return base64 ? Buffer.from(base64, 'base64') : null;
}

/**
 * One genuine attempt through the face page as a student would make it: open /face-detection, press Start
 * Verification `waitMs` after it is ready, wait for the server's verdict. Returns the verdict the server sent to the page.
 */
export async function attemptFaceCheck(page: Page, label: string, opts: { waitMs?: number } = {}): Promise<FaceAttempt> {
  await page.goto('/face-detection');
  const start = page.getByRole('button', { name: MSG.verification.start });
  for (let i = 0; i < 75 && !(await start.isEnabled()); i += 1) await page.waitForTimeout(200);
  if (opts.waitMs) await page.waitForTimeout(opts.waitMs);
  const answer = page.waitForResponse((res) => res.url().endsWith('/api/compare-face-video') && res.status() !== 503, { timeout: 120_000 });
  await start.click();
  const res = await answer;
  if (DUMP_DIR) {
    const video = await uploadedVideo(page);
    if (video) {
      fs.mkdirSync(DUMP_DIR, { recursive: true });
      fs.writeFileSync(path.join(DUMP_DIR, `${label}.webm`), video);
    }
  }
  return (await res.json()) as FaceAttempt;
}

/** Genuine students of the fixtures: the camera clip each one's browser plays, and the stills they enrolled with. */
export const GENUINE_PEOPLE = {
  d0: { clip: 'd0_man_1blink_3s.y4m', enroll: ['f005', 'f030', 'f050'] },
  aoc: { clip: 'aoc_3blinks_3s.y4m', enroll: ['f005', 'f045', 'f070'] },
} as const;
export type GenuinePerson = keyof typeof GENUINE_PEOPLE;
/** The fake camera loops its 3.000-s clip. */
export const GENUINE_CLIP_MS = 3_000;
const GENUINE_PASSWORD = 'Str0ng!pass';

/** An active student of BCA enrolled with the person's three stills (registered over HTTP, approved in the db). */
async function enrolledGenuineStudent(server: TestServer, who: GenuinePerson) {
  const user = { username: `${who}genuine`, email: `${who}.genuine@school.test`, password: GENUINE_PASSWORD, department: 'BCA' };
  const res = await registerViaApi(
    server.url,
    user,
    GENUINE_PEOPLE[who].enroll.map((f) => fixture('clips', `enroll_${who}_${f}.jpg`)),
  );
  if (!res.success) throw new Error(`registering ${who} failed: ${JSON.stringify(res)}`);
  await server.db.updateTable('users').set({ status: 'active' }).where('email', '=', user.email).execute();
  return user;
}

/**
 * For a describe block (its beforeAll and afterAll): a server, and for each genuine person a page signed in as them
 * whose camera plays their clip in a loop. The browser test and the rate benchmark (tests/rates) share it.
 */
export function useGenuineStudents() {
  let server: TestServer;
  const cameras: Browser[] = [];
  beforeAll(async () => {
    // several attempts of one account one after another: more than FACE_CHECKS_PER_MINUTE allows a real student
    server = await startTestServer({ env: { FACE_CHECKS_PER_MINUTE: '600' } });
  });
  afterAll(async () => {
    await Promise.all(cameras.map((b) => b.close()));
    await server?.close();
  });
  return {
    async pageOf(who: GenuinePerson): Promise<{ page: Page; close(): Promise<void> }> {
      const student = await enrolledGenuineStudent(server, who);
      const camera = await launchBrowser({ camera: fixture('clips', GENUINE_PEOPLE[who].clip) });
      cameras.push(camera);
      const { page, context } = await openPage(camera, server.url, { camera: true });
      await context.addInitScript(keepUploadedVideo);
      await login(page, student.email, student.password, '/student-dashboard');
      return { page, close: () => context.close() };
    },
  };
}
