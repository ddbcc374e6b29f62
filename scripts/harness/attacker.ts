import { spawn } from 'node:child_process';
import fs from 'node:fs';

const NICE = ['/usr/bin/nice', '/bin/nice'].find((p) => fs.existsSync(p));

export interface AttackRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** A binary body (a multipart upload), base64 here and decoded in the attacker's process. */
  bodyBase64?: string;
  /** Sends `[` n times then `]` n times (a JSON bomb), built in the attacker's process. */
  nestedArrays?: number;
}

/** Runs in the child: fires every request at once and prints each status and body. */
const CHILD = `
process.stdout.write('ready\\n');
let input = '';
for await (const chunk of process.stdin) input += chunk;
const requests = JSON.parse(input);
const bombs = new Map();
const bodyOf = (r) => {
  if (r.bodyBase64) return Buffer.from(r.bodyBase64, 'base64');
  if (!r.nestedArrays) return r.body;
  if (!bombs.has(r.nestedArrays)) bombs.set(r.nestedArrays, '['.repeat(r.nestedArrays) + ']'.repeat(r.nestedArrays));
  return bombs.get(r.nestedArrays);
};
const results = await Promise.all(requests.map(async (r) => {
  try {
    const res = await fetch(r.url, { method: r.method ?? 'POST', headers: r.headers ?? {}, body: bodyOf(r) });
    return { status: res.status, headers: Object.fromEntries(res.headers), text: await res.text() };
  } catch (e) {
    return { status: 0, text: String(e) };
  }
}));
process.stdout.write(JSON.stringify(results));
`;

export type AttackAnswer = { status: number; headers?: Record<string, string>; text: string };

/**
 * Sends the requests all at once from another process, as an attacker would: the server's event loop (in the test
 * process) then carries only the server's own work, which is what /api/health latency should measure.
 */
export async function attackFromAnotherProcess(requests: AttackRequest[]): Promise<AttackAnswer[]> {
  return (await startAttacker()).send(requests);
}

/**
 * An attacker process started and waiting: start measuring after this resolves, so the cost of starting a Node
 * process on this machine's two cores is not measured as the server's slowness.
 */
export function startAttacker(): Promise<{ send(requests: AttackRequest[]): Promise<AttackAnswer[]> }> {
  // At the lowest CPU priority: a real attacker sends from another machine, and on this one its fetches would
  // otherwise take the server's core and be measured as the server's slowness.
  const child = NICE
    ? spawn(NICE, ['-n', '19', process.execPath, '--input-type=module', '-e', CHILD], { stdio: ['pipe', 'pipe', 'inherit'] })
    : spawn(process.execPath, ['--input-type=module', '-e', CHILD], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const answers = new Promise<AttackAnswer[]>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out.slice(out.indexOf('\n') + 1))) : reject(new Error(`attacker exited with ${code}`))));
  });
  return new Promise((resolve, reject) => {
    const ready = () => {
      if (!out.includes('\n')) return;
      child.stdout.off('data', ready);
      resolve({
        send(requests) {
          child.stdin.end(JSON.stringify(requests));
          return answers;
        },
      });
    };
    child.stdout.on('data', ready);
    answers.catch(reject);
  });
}
