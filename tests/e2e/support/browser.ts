import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { fixture, hasFixtures } from '@harness/face-fixtures';
import { STORAGE_KEYS } from '@shared/constants';

/**
 * Debian's Chromium headless shell where installed, as Playwright itself runs headless Chromium: the same Blink, V8
 * and media stack as the full browser without its window, profile and browser UI, which every page paid for (a fresh
 * context's page 0.9-1.2 CPU-s in the shell against 1.5-3.9 in the full browser, docs/benchmarks.md).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** The full browser: the only one with a camera prompt a user can refuse (FULL_CHROMIUM_PATH below). */
const FULL_CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
export const hasChromium = fs.existsSync(CHROMIUM_PATH);
export const NO_CHROMIUM_MESSAGE = `Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium-headless-shell (or set CHROMIUM_PATH); skipping browser tests`;
if (!hasChromium) console.warn(NO_CHROMIUM_MESSAGE);

/**
 * The full Chromium, for the tests of a camera the user refused. The headless shell has no permission prompt: without
 * `--use-fake-ui-for-media-stream` it fails every camera request as NotSupportedError, granted or not, and with it
 * grants every request, denied or not. Only the full browser answers NotAllowedError, then the camera once granted.
 */
export const FULL_CHROMIUM_PATH = process.env.FULL_CHROMIUM_PATH ?? FULL_CHROMIUM;
export const hasFullChromium = fs.existsSync(FULL_CHROMIUM_PATH);
export const NO_FULL_CHROMIUM_MESSAGE = `the full Chromium not found at ${FULL_CHROMIUM_PATH}: apt-get install -y chromium (or set FULL_CHROMIUM_PATH); skipping the refused-camera tests`;

/** Chromium's fake camera plays this clip (320x240 I420, loops at its end). */
export const FAKE_CAMERA_Y4M = fixture('clips', 'aoc_3blinks_3s.y4m');
export const hasFakeCamera = hasFixtures && fs.existsSync(FAKE_CAMERA_Y4M);
export const NO_CAMERA_MESSAGE = `fake camera clip not found at ${FAKE_CAMERA_Y4M} (set FACE_FIXTURES_DIR): skipping camera tests`;

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

/**
 * The switches every test browser starts with: no sandbox (the tests may run as root), no GPU (the machines have none),
 * no background fetches or component updates (nothing to reach offline, and they cost CPU), and shared memory in /tmp
 * (a container's /dev/shm can be too small for a renderer).
 */
const SWITCHES = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-dev-shm-usage'];

/**
 * Chromium for a test. With `camera`, its fake camera plays that .y4m (fixed at launch: one browser per clip; it loops
 * at the clip's end), granted without asking unless `askForCamera`: then the camera prompt stands, answered by the
 * context's permission, as a user answers it (the full browser only: FULL_CHROMIUM_PATH).
 */
export function launchBrowser(opts: { camera?: string; askForCamera?: boolean; executablePath?: string } = {}): Promise<Browser> {
  const args = [...SWITCHES];
  if (opts.camera) {
    if (!fs.existsSync(opts.camera)) throw new Error(`fake camera clip not found: ${opts.camera}`);
    if (!opts.askForCamera) args.push('--use-fake-ui-for-media-stream');
    args.push('--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${opts.camera}`);
  }
  return chromium.launch({ executablePath: opts.executablePath ?? CHROMIUM_PATH, args });
}

/** A fresh context (own localStorage) whose page records console errors for assertions. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  opts: { camera?: boolean; viewport?: { width: number; height: number }; serviceWorkers?: 'allow' | 'block' } = {},
) {
  const context: BrowserContext = await browser.newContext({
    baseURL,
    viewport: opts.viewport ?? { width: 1280, height: 800 },
    // The installable app's worker precaches every chunk of the build (over 100 files) in each fresh context, and
    // page.route never sees what a worker fetches: only the tests of the installable app itself allow it.
    serviceWorkers: opts.serviceWorkers ?? 'block',
    // The app's transitions and animations then take a millisecond (styles.css): a click no longer waits for a dialog
    // to settle, and no spinner keeps Chromium painting. Tests of a real user's motion would ask for 'no-preference'.
    reducedMotion: 'reduce',
  });
  if (opts.camera) await context.grantPermissions(['camera', 'geolocation'], { origin: baseURL });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  return { context, page, consoleErrors };
}

/** Stores (or removes, with null) the session token before the app reads it. */
export async function setStoredToken(page: Page, token: string | null) {
  if (!page.url().startsWith('http')) await page.goto('/thank-you');
  await page.evaluate(([key, t]) => (t === null ? localStorage.removeItem(key) : localStorage.setItem(key, t)), [STORAGE_KEYS.token, token] as const);
}

/**
 * Stores the session token in every page of `context` before the app's first script runs: a page opened signed in
 * with one load, where setStoredToken needs a page of the app loaded first.
 */
export async function storeTokenBeforeLoad(context: BrowserContext, token: string) {
  await context.addInitScript(
    ([key, t]) => {
      if (location.protocol.startsWith('http')) localStorage.setItem(key, t);
    },
    [STORAGE_KEYS.token, token] as const,
  );
}

export const storage = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/** The react-router location state of the current history entry. */
export const routerState = (page: Page) => page.evaluate(() => (window.history.state as { usr?: unknown } | null)?.usr ?? null);

/** Toasts render in sonner's list; this finds one by its text. */
export const toastWith = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/**
 * Closes every toast with its × as a user would. A toast under the pointer never times out (sonner pauses it while
 * hovered), and on a phone, where toasts span the width, one can sit over the next control a test clicks.
 */
export async function dismissToasts(page: Page) {
  const live = '[data-sonner-toast]:not([data-removed="true"])';
  for (let n = await page.locator(live).count(); n > 0; n = await page.locator(live).count()) {
    await page.locator(live).first().getByRole('button', { name: 'Close toast' }).click();
    await page.waitForFunction(([selector, before]) => document.querySelectorAll(selector).length < before, [live, n] as const);
  }
}

export async function screenshot(page: Page, name: string, fullPage = false) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}
