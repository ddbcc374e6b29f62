import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { createTestUser, startTestServer, type TestServer } from '@tests/helpers/test-server';
import { FAKE_CAMERA_Y4M, hasFakeCamera, launchBrowser, openPage, setStoredToken } from './browser';
import { apiLogin } from './journey';

/** The two screens the browser tests look at: a phone's and a laptop's. */
export const PHONE = { width: 390, height: 844 };
export const LAPTOP = { width: 1440, height: 900 };

type Viewport = { width: number; height: number };
type TestUser = Awaited<ReturnType<typeof createTestUser>>;

export interface PageOptions {
  /** The viewport; a 1280x800 desktop when not given. */
  size?: Viewport;
  /** Grants camera and geolocation (a browser launched with fakeCamera films its clip). */
  camera?: boolean;
  /** Blocked unless a test of the installable app allows it (openPage). */
  serviceWorkers?: 'allow' | 'block';
  /** Signed in as this user: logged in through POST /api/login and the token stored before the app reads it. */
  as?: { email: string; password: string };
  /** Signed in with this token (one the test already holds, or a forged one). */
  token?: string;
}

export interface BrowserSchool {
  readonly server: TestServer;
  readonly browser: Browser;
  /** A user inserted into the test database (as an admin's script would): see createTestUser. */
  createUser(args: Parameters<typeof createTestUser>[1]): Promise<TestUser>;
  /** A fresh context (own storage) and its page, recording console errors; it closes with the browser if not before. */
  newPage(opts?: PageOptions): ReturnType<typeof openPage>;
}

/**
 * What every browser test file sets up: a test server over a fresh database and one Chromium, started before the
 * file's tests (before its own beforeAll, which may then create users) and closed after them. Call it at the top of a
 * describe; read `server` and `browser` inside tests and hooks, once they exist.
 */
export function useBrowserSchool(opts: { server?: Parameters<typeof startTestServer>[0]; fakeCamera?: boolean } = {}): BrowserSchool {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startTestServer(opts.server);
    browser = await launchBrowser({ camera: opts.fakeCamera && hasFakeCamera ? FAKE_CAMERA_Y4M : undefined });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} has not started: use it inside a test or a hook, after useBrowserSchool()`);
    return value;
  };
  const school: BrowserSchool = {
    get server() {
      return started(server, 'The test server');
    },
    get browser() {
      return started(browser, 'Chromium');
    },
    createUser: (args) => createTestUser(school.server.db, args),
    async newPage({ size, camera, serviceWorkers, as, token } = {}) {
      const opened = await openPage(school.browser, school.server.url, { viewport: size, camera, serviceWorkers });
      const stored = as ? await apiLogin(school.server.url, as.email, as.password) : token;
      if (stored !== undefined) await setStoredToken(opened.page, stored);
      return opened;
    },
  };
  return school;
}
