import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
export const BINARY = path.join(root, 'dist/roll-call-linux-x64');

/** Why the single-executable tests cannot run here, or null when they can. */
export function cannotRun(): string | null {
  if (process.platform !== 'linux' || process.arch !== 'x64') return 'the single executable is built for linux-x64 only';
  for (const tool of ['postject/dist/cli.js', 'esbuild/lib/main.js'])
    if (!fs.existsSync(path.join(root, 'node_modules', tool))) return `node_modules/${tool} is missing (npm install)`;
  if (process.getuid?.() !== 0) return 'hiding the checkout and node needs a mount namespace (unshare -m), which needs root';
  if (spawnSync('unshare', ['-m', 'true']).status !== 0) return 'unshare -m is not permitted here';
  return null;
}

const newest = (p: string): number => {
  const st = fs.statSync(p, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...fs.readdirSync(p).map((f) => newest(path.join(p, f))));
};

/**
 * Builds dist/roll-call-linux-x64 unless it is newer than every source: once per run (the PostgreSQL pass and a
 * second run reuse it), under a lock so two test files or passes never build at once.
 */
export function ensureBinary() {
  const lock = path.join(root, 'dist/.sea-build.lock');
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      // a lock older than any build is left by a killed run
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 600_000) fs.rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`${lock} held for 5 minutes: remove it if no build runs`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    }
  }
  try {
    const sources = Math.max(...['src', 'scripts', 'migrations', 'package.json', 'package-lock.json', 'vite.config.ts'].map((p) => newest(path.join(root, p))));
    if (newest(BINARY) > sources) return;
    const r = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'scripts/sea/build.ts')], {
      cwd: root,
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`npm run build:binary failed:\n${r.stdout}\n${r.stderr}`);
  } finally {
    fs.rmdirSync(lock);
  }
}

/**
 * A copy of the executable in a fresh folder outside the checkout, with its own HOME, cache and data folders. Each
 * run happens in a mount namespace where empty folders are mounted over the checkout's parent (so every worktree
 * and node_modules is gone), over the folder of the node binary (/usr/bin: node, npm, npx, the compilers) and over
 * the global npm folders; the shell refuses to start the executable if `node` or the checkout is still visible.
 */
export function isolatedInstall(env: Record<string, string> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-sea-'));
  const bin = path.join(dir, 'roll-call');
  fs.copyFileSync(BINARY, bin);
  fs.chmodSync(bin, 0o755);
  const empty = path.join(dir, 'empty');
  fs.mkdirSync(empty);
  // The node binary's own folder last: `mount` itself lives there.
  const hidden = [path.dirname(root), '/usr/local/bin', '/usr/lib/node_modules', '/usr/share/nodejs', path.dirname(process.execPath)];
  const script = [
    ...hidden.map((d) => `if [ -d '${d}' ]; then mount --bind '${empty}' '${d}'; fi`),
    `if command -v node >/dev/null 2>&1 || [ -e '${root}' ]; then echo 'node or the checkout is still visible' >&2; exit 97; fi`,
    'exec "$@"',
  ].join('\n');
  const fullEnv = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: path.join(dir, 'home'),
    XDG_CACHE_HOME: path.join(dir, 'cache'),
    DATA_DIR: path.join(dir, 'data'),
    ...env,
  };
  const start = (args: string[]): ChildProcess =>
    spawn('unshare', ['-m', '--propagation', 'private', '/bin/sh', '-c', script, 'sh', bin, ...args], {
      cwd: dir,
      env: fullEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  /** Runs a command to its end: exit code and output. */
  const run = (args: string[]) =>
    new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
      const child = start(args);
      let out = '';
      let err = '';
      child.stdout!.on('data', (d) => {
        out += d;
      });
      child.stderr!.on('data', (d) => {
        err += d;
      });
      child.on('exit', (code) => resolve({ code, out, err }));
    });
  return {
    dir,
    bin,
    env: fullEnv,
    cacheRoot: path.join(fullEnv.XDG_CACHE_HOME, 'roll-call'),
    start,
    run,
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** Starts `roll-call` (serve) and resolves with its URL once it says it listens. */
export function serve(install: ReturnType<typeof isolatedInstall>, port: number) {
  const child = install.start([]);
  let log = '';
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      log += d;
      if (/listening on/.test(log)) resolve(`http://127.0.0.1:${port}`);
    });
    child.stderr!.on('data', (d) => {
      log += d;
    });
    child.once('exit', (code) => reject(new Error(`roll-call exited with ${code}:\n${log}`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { ready, stop, log: () => log };
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
