import http from 'node:http';

/**
 * Open-loop load generator, run as its own process: sends `rate` requests a second, evenly spaced, over `connections`
 * keep-alive sockets, for `seconds`. Latency counts from each request's scheduled time (no coordinated omission).
 * Input (stdin, JSON): { url, rate, seconds, connections, requests: [{ method, path, headers, body, url? }] }.
 */
interface Job {
  url: string;
  rate: number;
  seconds: number;
  connections: number;
  /** `url`, when set, sends that request to another server than the job's (requests spread over app nodes) */
  requests: { method: string; path: string; headers: Record<string, string>; body?: string; url?: string }[];
}

const job = JSON.parse(
  await new Promise<string>((resolve) => {
    let data = '';
    process.stdin.on('data', (d) => (data += d)).on('end', () => resolve(data));
  }),
) as Job;
const target = new URL(job.url);
const agent = new http.Agent({ keepAlive: true, maxSockets: job.connections });
const latencies: number[] = [];
let errors = 0;
let non2xx = 0;
const total = Math.round(job.rate * job.seconds);
const start = performance.now() + 50;
const pending: Promise<void>[] = [];

function send(i: number, scheduled: number) {
  const r = job.requests[i % job.requests.length];
  return new Promise<void>((resolve) => {
    const to = r.url ? new URL(r.url) : target;
    const req = http.request({ host: to.hostname, port: to.port, path: r.path, method: r.method, headers: r.headers, agent }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode! >= 300) non2xx += 1;
        latencies.push(performance.now() - scheduled);
        resolve();
      });
    });
    req.on('error', () => {
      errors += 1;
      resolve();
    });
    req.end(r.body);
  });
}

for (let i = 0; i < total; i++) {
  const scheduled = start + (i * 1000) / job.rate;
  const wait = scheduled - performance.now();
  if (wait > 1) await new Promise((r) => setTimeout(r, wait - 0.5));
  pending.push(send(i, scheduled));
}
await Promise.all(pending);
const elapsed = (performance.now() - start) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] * 10) / 10;
process.stdout.write(
  JSON.stringify({ sent: total, rps: Math.round(total / elapsed), p50: pct(50), p90: pct(90), p95: pct(95), p99: pct(99), max: pct(100), errors, non2xx }),
);
agent.destroy();
