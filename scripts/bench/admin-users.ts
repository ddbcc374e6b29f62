import './support/quiet-logs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectDatabase } from '@server/db/connect';
import { migrateToLatest } from '@server/db/migrate';
import { systemClock } from '@server/lib/clock';
import { createActiveUser } from '@server/services/accounts/index';
import { adminBenchDataDir, seedAdminScale } from './support/seed-admin';
import { startServerOn } from '../harness/server-process';

/**
 * `npm run bench:admin-users`: issue 22's users list (server-side search, filters, pages) over 5,000 students and
 * 100 teachers, through real HTTP to a server in its own process, as the admin's browser calls it. Prints p50 and
 * p95 per kind of call, and the old whole-list call for comparison. `--keep DIR` reuses (or keeps) the data folder.
 */
const { dataDir, kept } = adminBenchDataDir('rollcall-bench-users-');
const PASSWORD = 'Bench!pass1';

const db = connectDatabase(path.join(dataDir, 'roll-call.sqlite'));
await migrateToLatest(db);
if (!(await db.selectFrom('users').select('id').where('email', '=', 'admin@bench.test').executeTakeFirst())) {
  await createActiveUser({ db, clock: systemClock }, { role: 'admin', email: 'admin@bench.test', password: PASSWORD });
  await seedAdminScale(db, { teachers: 100, students: 5000, sessionsPerTeacher: 0, password: PASSWORD });
}
await db.destroy();

const server = await startServerOn(dataDir);
const { token } = (await (
  await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@bench.test', password: PASSWORD }),
  })
).json()) as { token: string };

async function timed(procedure: string, input: unknown) {
  const t = performance.now();
  const res = await fetch(`${server.url}/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const bytes = (await res.arrayBuffer()).byteLength;
  if (!res.ok) throw new Error(`${procedure}: ${res.status}`);
  return { ms: performance.now() - t, bytes };
}
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
const load = () => `load ${os.loadavg()[0].toFixed(2)}`;
async function run(title: string, inputs: unknown[], procedure = 'admin.userList') {
  for (const input of inputs.slice(0, 5)) await timed(procedure, input); // warm-up: prepared statements, JIT
  const runs = [];
  for (const input of inputs) runs.push(await timed(procedure, input));
  const ms = runs.map((r) => r.ms);
  const kb = Math.max(...runs.map((r) => r.bytes)) / 1024;
  console.log(`${title}: n ${ms.length}, p50 ${pct(ms, 50).toFixed(1)} ms, p95 ${pct(ms, 95).toFixed(1)} ms, largest answer ${kb.toFixed(0)} KiB; ${load()}`);
}

const N = 100;
const pages = Array.from({ length: N }, (_, i) => ({ role: 'student', page: 1 + ((i * 37) % 209) }));
await run('students, a page of 24 (pages 1-209)', pages);
const searches = ['student4', 'STUDENT49', 'student4999', 'scale.test', '@scale', 'nobody', 'student1_', '7'];
await run(
  'search by part of a name or email (8 searches)',
  Array.from({ length: N }, (_, i) => ({ role: 'student', q: searches[i % searches.length], page: 1 })),
);
await run(
  'department and status filters with a search',
  Array.from({ length: N }, (_, i) => ({
    role: i % 4 ? 'student' : 'teacher',
    department_id: 1 + (i % 5),
    status: i % 3 ? 'active' : undefined,
    q: i % 2 ? 'student2' : undefined,
    page: 1 + (i % 3),
  })),
);
await run(
  'for comparison: the whole list (admin.users, 5,000 students at once)',
  Array.from({ length: 20 }, () => ({ role: 'student' })),
  'admin.users',
);

await server.stop();
if (!kept) fs.rmSync(dataDir, { recursive: true, force: true });
