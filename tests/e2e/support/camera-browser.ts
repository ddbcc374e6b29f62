import fs from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM_PATH } from './browser';

/** Chromium whose fake camera plays `y4mPath` (fixed at launch: one browser per clip). Loops at the clip's end. */
export function launchWithCamera(y4mPath: string): Promise<Browser> {
  if (!fs.existsSync(y4mPath)) throw new Error(`fake camera clip not found: ${y4mPath}`);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-dev-shm-usage',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${y4mPath}`,
    ],
  });
}
