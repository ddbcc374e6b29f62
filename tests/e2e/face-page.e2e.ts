import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { fixture, hasFixtures, NO_FIXTURES_MESSAGE } from '@harness/face-fixtures';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { hasChromium, launchBrowser, openPage, screenshot, toastWith } from './support/browser';
import { keepUploadedVideo, uploadedVideo } from './support/face-attempts';
import { login, registerViaApi } from './support/journey';

if (hasChromium && !hasFixtures) console.warn(NO_FIXTURES_MESSAGE);

const PASSWORD = 'Str0ng!pass';

/** Runs in the page: notes every getUserMedia request's video constraints on window. */
function recordCameraRequests() {
  const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = (constraints) => {
    const page = window as unknown as { __camera?: unknown[] };
    page.__camera ??= [];
    page.__camera.push(constraints?.video);
    return original(constraints);
  };
}

/** Frame size and frame timestamps of a webm, as ffmpeg reads it (no resampling). */
function probe(video: Buffer) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-probe-')), 'clip.webm');
  fs.writeFileSync(file, video);
  const r = spawnSync(ffmpeg.path, ['-hide_banner', '-i', file, '-vsync', 'passthrough', '-vf', 'showinfo', '-f', 'null', '-'], { encoding: 'utf8' });
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  const size = /Video: .*?(\d{2,5})x(\d{2,5})/.exec(r.stderr);
  const times = [...r.stderr.matchAll(/pts_time:([\d.]+)/g)].map((m) => Number(m[1]));
  return { width: Number(size?.[1]), height: Number(size?.[2]), frames: times.length, lastFrameAt: Math.max(...times) };
}

describe.skipIf(!hasChromium || !hasFixtures)('face page in Chromium: the recording and what a refusal says', () => {
  let server: TestServer;
  let aocCamera: Browser;

  beforeAll(async () => {
    server = await startTestServer();
    aocCamera = await launchBrowser({ camera: fixture('clips', 'aoc_3blinks_3s.y4m') });
  });

  afterAll(async () => {
    await aocCamera?.close();
    await server?.close();
  });

  it('asks for the camera at up to 640x480, says "Blink twice now" while recording, records 3 s unscaled; a face that is not the student is refused as such', {
    timeout: 180_000,
  }, async () => {
    // The camera shows aoc, but this student enrolled with d0's face: a live, blinking, wrong person.
    const user = { username: 'notaoc', email: 'notaoc@school.test', password: PASSWORD, department: 'BCA' };
    const res = await registerViaApi(
      server.url,
      user,
      ['f005', 'f030', 'f050'].map((f) => fixture('clips', `enroll_d0_${f}.jpg`)),
    );
    expect(res).toMatchObject({ success: true });
    await server.db.updateTable('users').set({ status: 'active' }).where('email', '=', user.email).execute();

    const { page, context } = await openPage(aocCamera, server.url, { camera: true, viewport: { width: 390, height: 844 } });
    await context.addInitScript(recordCameraRequests);
    await context.addInitScript(keepUploadedVideo);
    await login(page, user.email, PASSWORD, '/student-dashboard');
    await page.goto('/face-detection');
    const start = page.getByRole('button', { name: MSG.verification.start });
    await expect.poll(() => start.isEnabled(), { timeout: 15_000 }).toBe(true);

    const requested = (await page.evaluate(() => (window as unknown as { __camera: MediaTrackConstraints[] }).__camera))[0];
    expect(requested).toMatchObject({ width: { ideal: 640, max: 640 }, height: { ideal: 480, max: 480 } });
    const track = await page.evaluate(() => {
      const stream = document.querySelector('video')!.srcObject as MediaStream;
      const { width, height } = stream.getVideoTracks()[0].getSettings();
      return { width, height };
    });

    const verdict = page.waitForResponse((r) => r.url().endsWith('/api/compare-face-video'), { timeout: 120_000 });
    await start.click();
    await page.getByTestId('blink-prompt').getByText(MSG.verification.blinkNow).waitFor();
    // Issue 36: the button says what happens: recording now, not 'Verifying...' (that comes once the server decides).
    await page.getByRole('button', { name: MSG.studentScreens.faceRecording }).waitFor();
    await screenshot(page, 'face-page-recording-390');
    expect((await (await verdict).json()).error_code).toBe('identity_mismatch');

    const status = page.getByTestId('verification-status');
    await status.getByText(MSG.verification.refusals.identity_mismatch.headline).waitFor();
    await status.getByText(MSG.verification.refusals.identity_mismatch.step).waitFor();
    expect(await status.innerText()).not.toContain(MSG.verification.noBlink);
    // Issue 36: said once, in the page: no toast repeating it over the heading.
    expect(await toastWith(page, MSG.verification.refusals.identity_mismatch.headline).count()).toBe(0);
    expect(await page.getByTestId('camera-frame').getAttribute('data-frame')).toBe('failure');
    await screenshot(page, 'face-page-mismatch-390');

    // The upload is the camera's own size (the fake camera gives 320x240: nothing is scaled up) and lasts 3 s.
    const clip = probe((await uploadedVideo(page))!);
    expect({ width: clip.width, height: clip.height }).toEqual(track);
    expect(clip.lastFrameAt).toBeGreaterThanOrEqual(2.9);
    await context.close();
  });
});
