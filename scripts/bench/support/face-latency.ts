import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@server/env';
import { createFaceEngine } from '@server/face/index';
import { hasFixtures, NO_FIXTURES_MESSAGE, readFixture } from '@harness/face-fixtures';
import { benchStudentToken } from './bench-student';
import { loadAverage } from './cpu-time';

const root = path.resolve(import.meta.dirname, '../../..');
const WARMUP_RUNS = 3;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.once('error', reject);
  });

/** The production server (src/server/main.ts, as `npm start` runs it) in its own process on a fresh data folder. */
async function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-bench-face-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    // one account checked run after run: the per-minute limit would stop the benchmark, not measure it; the upload
    // door it times answers only with the live check off (with it on, the live stream is the only way)
    env: {
      FACE_CHECKS_PER_MINUTE: '600',
      FACE_CHALLENGE: 'off',
      ...process.env,
      MALLOC_ARENA_MAX: '2',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('listening on')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    async close() {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `Server-Timing: auth;dur=0.4, upload;dur=3.1, ...` -> { auth: 0.4, upload: 3.1, ... } */
function parseServerTiming(header: string | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (header ?? '').split(',')) {
    const m = /^\s*([\w-]+)\s*;(?:.*;)?\s*dur=([\d.]+)/.exec(part);
    if (m) out[m[1]] = Number(m[2]);
  }
  return out;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const ms = (n: number) => `${Math.round(n)} ms`;
/** Idle time after each check, HTTP or in-process. */
const PAUSE_MS = 500;

/**
 * One face check at a time through the real endpoint of a warm server in its own process: the time from the start
 * of the upload to the parsed JSON verdict, and the server's own breakdown from its Server-Timing header. Each HTTP
 * run alternates with a run of the same clip through an engine in this process (what `npm run bench:face` times),
 * so both see the same load on this shared machine and their difference is what the HTTP path adds. Checks are
 * PAUSE_MS apart, as a class's students are: one check at a time, not back to back.
 */
export async function faceLatency(runs: number) {
  if (!hasFixtures) {
    console.log(`face latency: skipped: ${NO_FIXTURES_MESSAGE}`);
    return;
  }
  const server = await startServer();
  try {
    const token = await benchStudentToken(server.url, server.dataDir);
    const clip = readFixture('clips', 'aoc_3blinks_3s.webm');
    const video = new Blob([new Uint8Array(clip)], { type: 'video/webm' });
    const check = async () => {
      const form = new FormData();
      form.append('video', video, 'attempt.webm');
      const started = performance.now();
      const res = await fetch(`${server.url}/api/compare-face-video`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      const body = (await res.json()) as { success?: boolean; error_code?: string };
      const wall = performance.now() - started;
      if (res.status !== 200 || !body.success) throw new Error(`face check refused: ${res.status} ${JSON.stringify(body)}`);
      return { wall, timing: parseServerTiming(res.headers.get('server-timing')) };
    };
    const engine = await createFaceEngine(loadConfig().face);
    try {
      const template = await engine.enroll(['f005', 'f045', 'f070'].map((f) => readFixture('clips', `enroll_aoc_${f}.jpg`)));
      const direct = async () => {
        const started = performance.now();
        const verdict = await engine.verifyVideo(clip, template);
        if (!verdict.success) throw new Error(`in-process face check refused: ${verdict.reason}`);
        return performance.now() - started;
      };
      for (let i = 0; i < WARMUP_RUNS; i++) {
        await check();
        await direct();
      }
      const loadStart = loadAverage();
      const results: Awaited<ReturnType<typeof check>>[] = [];
      const inProcess: number[] = [];
      // a pause after each check, as between students: what a server does once it has answered (the engine starts
      // its next ffmpeg then, spare-decoders.ts) is not the next check's wait
      const pause = () => new Promise((r) => setTimeout(r, PAUSE_MS));
      for (let i = 0; i < runs; i++) {
        results.push(await check());
        await pause();
        inProcess.push(await direct());
        await pause();
      }
      const loadEnd = loadAverage();
      const walls = results.map((r) => r.wall).sort((a, b) => a - b);
      inProcess.sort((a, b) => a - b);
      console.log(
        `face check over HTTP: ${runs} runs one at a time, ${PAUSE_MS} ms apart (after ${WARMUP_RUNS} warm-up), aoc_3blinks_3s.webm (${Math.round(clip.length / 1024)} KB), all accepted`,
      );
      console.log(
        `  upload start -> JSON verdict: median ${ms(percentile(walls, 50))}, p95 ${ms(percentile(walls, 95))}, min ${ms(walls[0])}, max ${ms(walls.at(-1)!)}`,
      );
      console.log(
        `  the same clip in-process (engine.verifyVideo), alternating: median ${ms(percentile(inProcess, 50))}, p95 ${ms(percentile(inProcess, 95))}`,
      );
      console.log(`  load average (1, 5, 15 min): ${loadStart} at start -> ${loadEnd} at end`);
      printBreakdown(results);
    } finally {
      await engine.close();
    }
  } finally {
    await server.close();
  }
}

function printBreakdown(results: { wall: number; timing: Record<string, number> }[]) {
  const names = [...new Set(results.flatMap((r) => Object.keys(r.timing)))];
  if (!names.length) return console.log('  (no Server-Timing header: no breakdown)');
  const stat = (v: number[]) => {
    v.sort((a, b) => a - b);
    return `${percentile(v, 50).toFixed(1)}/${percentile(v, 95).toFixed(1)}`;
  };
  const rows = names.map((n) => `${n} ${stat(results.map((r) => r.timing[n] ?? 0))}`);
  console.log(`  server timing, median/p95 ms: ${rows.join(', ')}`);
  console.log(`  HTTP path outside the engine call (wall - engine), median/p95: ${stat(results.map((r) => r.wall - (r.timing.engine ?? 0)))} ms`);
  console.log(`  outside the server's handler (client, sockets, HTTP parsing), median/p95: ${stat(results.map((r) => r.wall - (r.timing.total ?? 0)))} ms`);
}
