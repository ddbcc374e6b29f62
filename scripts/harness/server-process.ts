import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface AppProcess {
  url: string;
  pid: number;
  /** What the process wrote to stdout so far (its URL line, then its logs). */
  stdout(): string;
  /** What the process wrote to stderr so far (it is also passed through to this process's stderr). */
  stderr(): string;
  stop(): Promise<void>;
}

/**
 * The app in a process of its own on DATA_DIR (server-entry.ts: the face engine started on first use), once it
 * listens. Its environment is `baseEnv` (this process's own unless the caller leaves something out) with `env` over
 * it. The one way benchmarks, operators' script tests and the tests' own server processes start it.
 */
export async function startServerOn(dataDir: string, env: Record<string, string> = {}, baseEnv: NodeJS.ProcessEnv = process.env): Promise<AppProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server-entry.ts')], {
    cwd: root,
    env: { ...baseEnv, DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (d: Buffer) => {
    errors += d;
    process.stderr.write(d);
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line).url);
    });
    child.once('exit', (code) => reject(new Error(`server process exited with ${code}`)));
  });
  return {
    url,
    pid: child.pid!,
    stdout: () => out,
    stderr: () => errors,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Resident memory of a process, its threads included, in bytes (Linux /proc). */
export const rssOf = async (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1]) * 1024;

/** Runs one of the operators' scripts (scripts/NAME.ts) as an operator would; resolves to its exit code and output. */
export function runScript(name: string, args: string[], env: Record<string, string>): Promise<{ code: number; out: string; ms: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'scripts', `${name}.ts`), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code: code ?? 1, out, ms: performance.now() - started })));
}
