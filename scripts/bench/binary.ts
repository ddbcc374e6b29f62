import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { hasFixtures, NO_FIXTURES_MESSAGE, readFixture } from '../harness/face-fixtures';
import { rssOf } from '../harness/server-process';
import { benchStudentToken } from './support/bench-student';
import { median } from './support/median';

/**
 * `npm run bench:binary` (after `npm run build:binary`): the single executable's size, its first and second start
 * (cold and warm cache folder) against `npm start`'s, and one face check at a time under each, alternating so both
 * see the same load on this shared machine.
 */
const root = path.resolve(import.meta.dirname, '../..');
const BINARY = path.join(root, 'dist/roll-call-linux-x64');
const RUNS = Number(process.argv[2] ?? 10);

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

type Kind = 'binary' | 'npm start';

/** Starts a server on DATA_DIR; resolves once it says it listens, with the time that took from the spawn. */
async function start(kind: Kind, dir: string) {
  const port = await freePort();
  const env = {
    ...process.env,
    DATA_DIR: path.join(dir, 'data'),
    XDG_CACHE_HOME: path.join(dir, 'cache'),
    PORT: String(port),
    HOST: '127.0.0.1',
    FACE_CHECKS_PER_MINUTE: '600',
    FACE_CHALLENGE: 'off',
    MALLOC_ARENA_MAX: '2',
  };
  const started = performance.now();
  const child =
    kind === 'binary'
      ? spawn(BINARY, [], { cwd: dir, env, stdio: ['ignore', 'pipe', 'inherit'] })
      : spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/start.ts')], {
          cwd: root,
          env,
          stdio: ['ignore', 'pipe', 'inherit'],
        });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      if (out.includes('listening on')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`${kind} exited with ${code} before listening`)));
  });
  const readyMs = performance.now() - started;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url: `http://127.0.0.1:${port}`, readyMs, stop, dataDir: env.DATA_DIR, pid: child.pid! };
}

/** `roll-call --version` on a warm cache folder: the start's own cost (check the cache, load the bundle), no server. */
function versionMs(dir: string): number {
  const started = performance.now();
  const r = spawnSync(BINARY, ['--version'], { env: { ...process.env, XDG_CACHE_HOME: path.join(dir, 'cache') } });
  if (r.status !== 0) throw new Error(`--version failed: ${r.stderr}`);
  return performance.now() - started;
}

async function faceCheck(url: string, token: string, clip: Buffer): Promise<number> {
  const form = new FormData();
  form.append('video', new Blob([new Uint8Array(clip)], { type: 'video/webm' }), 'clip.webm');
  const started = performance.now();
  const res = await fetch(`${url}/api/compare-face-video`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = (await res.json()) as { success?: boolean };
  if (res.status !== 200 || !body.success) throw new Error(`face check refused: ${res.status} ${JSON.stringify(body)}`);
  return performance.now() - started;
}

const ms = (n: number) => `${Math.round(n)} ms`;

if (!fs.existsSync(BINARY)) {
  console.error(`${path.relative(root, BINARY)} not found: run npm run build:binary first`);
  process.exit(2);
}
console.log(`${path.relative(root, BINARY)}: ${(fs.statSync(BINARY).size / 1e6).toFixed(1)} MB; ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(2)}`);
const dirs = {
  binary: fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-bench-bin-')),
  'npm start': fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-bench-npm-')),
};
try {
  for (const kind of ['binary', 'npm start'] as const) {
    const times: string[] = [];
    for (const label of ['first start', 'second start', 'third start']) {
      const s = await start(kind, dirs[kind]);
      times.push(`${label} ${ms(s.readyMs)}`);
      await s.stop();
    }
    console.log(`${kind}: spawn -> listening (face engine loaded): ${times.join(', ')}${kind === 'binary' ? ' (the first fills the cache folder)' : ''}`);
  }
  const version = [0, 1, 2].map(() => versionMs(dirs.binary));
  console.log(`binary: --version on a warm cache (hash check of the cached files, bundle loaded): ${version.map(ms).join(', ')}`);
  if (!hasFixtures) {
    console.log(`face check: skipped: ${NO_FIXTURES_MESSAGE}`);
  } else {
    const clip = readFixture('clips', 'aoc_3blinks_3s.webm');
    const servers = { binary: await start('binary', dirs.binary), 'npm start': await start('npm start', dirs['npm start']) };
    try {
      const tokens = {
        binary: await benchStudentToken(servers.binary.url, servers.binary.dataDir),
        'npm start': await benchStudentToken(servers['npm start'].url, servers['npm start'].dataDir),
      };
      const times: Record<Kind, number[]> = { binary: [], 'npm start': [] };
      for (let i = 0; i < RUNS + 2; i++)
        for (const kind of ['binary', 'npm start'] as const) {
          const t = await faceCheck(servers[kind].url, tokens[kind], clip);
          if (i >= 2) times[kind].push(t); // two warm-up checks each
          await new Promise((r) => setTimeout(r, 300));
        }
      for (const kind of ['binary', 'npm start'] as const) {
        const v = times[kind];
        console.log(
          `${kind}: face check (upload -> verdict, aoc_3blinks_3s.webm), ${RUNS} runs alternating: median ${ms(median(v))}, min ${ms(Math.min(...v))}, max ${ms(Math.max(...v))}; resident memory after them ${((await rssOf(servers[kind].pid)) / 2 ** 20).toFixed(0)} MB`,
        );
      }
    } finally {
      await Promise.all(Object.values(servers).map((s) => s.stop()));
    }
  }
} finally {
  for (const d of Object.values(dirs)) fs.rmSync(d, { recursive: true, force: true });
}
