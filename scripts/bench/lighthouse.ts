import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { STORAGE_KEYS } from '@shared/constants';
import { connectDatabase } from '@server/db/connect';
import { migrateToLatest } from '@server/db/migrate';
import { systemClock } from '@server/lib/clock';
import { createActiveUser } from '@server/services/accounts/index';
import { startServerOn } from '../harness/server-process';
import { loadAverage } from './support/cpu-time';

/**
 * `npm run bench:lighthouse [-- --runs N] [--save DIR] [--only NAME]`: Lighthouse (from npm, mobile preset: simulated slow 4G and a 4x slower
 * CPU) against Debian's Chromium, headless, on the freshly built client served by the app on a temp SQLite file.
 * Each run has a new browser profile (cold cache, no service worker yet). Prints, per page, every run's performance
 * score and first contentful paint, and the median run's other metrics, with the load average beside them.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
// `--save DIR`: every run's full Lighthouse report as JSON (its main-thread breakdown, bootup time and long tasks).
const saveArg = process.argv.indexOf('--save');
const SAVE_DIR = saveArg > 0 ? path.resolve(process.argv[saveArg + 1]) : null;
// `--only NAME`: the pages whose name contains NAME (e.g. `--only dashboard`), to measure one change quickly.
const onlyArg = process.argv.indexOf('--only');
const ONLY = onlyArg > 0 ? process.argv[onlyArg + 1] : null;
const root = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'Bench!pass1';
delete process.env.DATABASE_URL;

console.log('Building the client...');
const build = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-bench-lh-'));
const db = connectDatabase(path.join(dataDir, 'roll-call.sqlite'));
await migrateToLatest(db);
const ROLES = ['student', 'teacher', 'admin'] as const;
type Role = (typeof ROLES)[number];
for (const role of ROLES) await createActiveUser({ db, clock: systemClock }, { role, email: `${role}@bench.test`, password: PASSWORD, department: 'BCA' });
await db.destroy();
const server = await startServerOn(dataDir);
/** Each role's login, signed in once through the API as the app would. */
const tokens = {} as Record<Role, string>;
for (const role of ROLES) {
  const res = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${role}@bench.test`, password: PASSWORD }),
  });
  tokens[role] = ((await res.json()) as { token: string }).token;
}

/** A headless Chromium on a fresh profile, listening for DevTools on a free port. */
async function startChromium() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-lh-profile-'));
  const child = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(err);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`chromium exited with ${code}: ${err}`)));
  });
  return {
    port,
    async stop() {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      // Chromium's helpers may still be writing the profile for a moment after it exits: retry rather than fail the run.
      try {
        fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch (e) {
        // A profile left in /tmp costs disk, not the figures: say so and go on with the next run.
        console.warn(`could not remove ${profile}: ${(e as Error).message}`);
      }
    },
  };
}

/** Stores the login where the app keeps it (localStorage), from robots.txt: no page of the app loads, the cache stays cold. */
async function storeToken(port: number, token: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0].newPage();
  await page.goto(`${server.url}/robots.txt`);
  await page.evaluate(([k, t]) => localStorage.setItem(k, t), [STORAGE_KEYS.token, token] as const);
  await page.close();
  await browser.close();
}

interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  si: number;
  cls: number;
  kib: number;
  url: string;
}

async function audit(pathname: string, as: Role | null, saveAs: string | null): Promise<Run> {
  const loggedIn = as !== null;
  const browser = await startChromium();
  try {
    if (as) await storeToken(browser.port, tokens[as]);
    const result = await lighthouse(`${server.url}${pathname}`, {
      port: browser.port,
      hostname: '127.0.0.1',
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // Resetting storage would drop the stored login too; the profile is new, so the cache is cold either way.
      disableStorageReset: loggedIn,
    });
    if (!result) throw new Error(`no Lighthouse result for ${pathname}`);
    const { lhr } = result;
    if (saveAs) fs.writeFileSync(saveAs, JSON.stringify(lhr));
    if (lhr.runtimeError) throw new Error(`${pathname}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      si: metric('speed-index'),
      cls: metric('cumulative-layout-shift'),
      kib: metric('total-byte-weight') / 1024,
      url: new URL(lhr.finalDisplayedUrl).pathname,
    };
  } finally {
    await browser.stop();
  }
}

/**
 * On a loaded machine Lighthouse sometimes fails to record the trace (NO_NAVSTART, NO_FCP): such a run measured
 * nothing, so it is run again, twice at most, and said so; a wrong page still stops the script.
 */
async function auditRetried(pathname: string, as: Role | null, saveAs: string | null): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(pathname, as, saveAs);
    } catch (err) {
      const code = err instanceof Error ? /\b(NO_[A-Z_]+)\b/.exec(err.message)?.[1] : undefined;
      if (!code || attempt > 2) throw err;
      console.log(`${pathname}: Lighthouse recorded no trace (${code}), load ${loadAverage()}: running it again`);
    }
  }
}

const PAGES: { name: string; path: string; as: Role | null }[] = [
  { name: 'landing', path: '/', as: null },
  { name: 'login', path: '/login', as: null },
  { name: 'student dashboard', path: '/student-dashboard', as: 'student' },
  { name: 'teacher dashboard', path: '/teacher-dashboard', as: 'teacher' },
  { name: 'admin dashboard', path: '/admin-dashboard', as: 'admin' },
].filter((p) => !ONLY || p.name.includes(ONLY)) as { name: string; path: string; as: Role | null }[];

if (SAVE_DIR) fs.mkdirSync(SAVE_DIR, { recursive: true });
try {
  console.log(`Lighthouse ${RUNS} cold run(s) per page, mobile preset; ${os.cpus().length} CPUs, load ${loadAverage()}`);
  for (const p of PAGES) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      const saveAs = SAVE_DIR && path.join(SAVE_DIR, `${p.name.replace(/ /g, '-')}-${i + 1}.json`);
      const run = await auditRetried(p.path, p.as, saveAs);
      // a dashboard measured as the login page it redirected to would be a wrong figure
      if (run.url !== p.path) throw new Error(`${p.path} ended on ${run.url}`);
      runs.push(run);
    }
    const median = [...runs].sort((a, b) => a.score - b.score)[runs.length >> 1];
    console.log(
      `${p.name.padEnd(18)} score ${runs.map((r) => r.score).join('/')} (median ${median.score})  FCP ${runs.map((r) => (r.fcp / 1000).toFixed(2)).join('/')} s` +
        `  | median run: LCP ${(median.lcp / 1000).toFixed(2)} s, TBT ${median.tbt.toFixed(0)} ms, SI ${(median.si / 1000).toFixed(2)} s, CLS ${median.cls.toFixed(3)}, ${median.kib.toFixed(0)} KiB   load ${loadAverage()}`,
    );
  }
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
