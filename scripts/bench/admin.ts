import './support/quiet-logs';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { connectDatabase } from '@server/db/connect';
import { migrateToLatest } from '@server/db/migrate';
import { systemClock } from '@server/lib/clock';
import { createActiveUser } from '@server/services/accounts/index';
import { loadAverage, processCpu } from './support/cpu-time';
import { adminBenchDataDir, seedAdminScale } from './support/seed-admin';
import { startServerOn } from '../harness/server-process';

/**
 * `npm run bench:admin` (also run at the end of `npm run bench:api`): issue 9's targets on 1,000,000 attendance
 * records, 5,000 students and 100 teachers. The server runs in its own process; its RSS is read from /proc while
 * the full detail CSV streams. Flags: `--keep DIR` reuses (or keeps) a seeded data folder; `--shortfall-only` times
 * issue 24's shortfall report alone (for A/B runs of it on one seed).
 */
const root = path.resolve(import.meta.dirname, '../..');
const shortfallOnly = process.argv.includes('--shortfall-only');
const { dataDir, kept } = adminBenchDataDir('rollcall-bench-admin-');
const PASSWORD = 'Bench!pass1';

const db = connectDatabase(path.join(dataDir, 'roll-call.sqlite'));
await migrateToLatest(db);
if (!(await db.selectFrom('users').select('id').where('email', '=', 'admin@bench.test').executeTakeFirst())) {
  console.log('Seeding 1,000,000 attendance records (100 teachers x 10 sessions x 1,000 students of their department; 5,000 students)...');
  const t = Date.now();
  await createActiveUser({ db, clock: systemClock }, { role: 'admin', email: 'admin@bench.test', password: PASSWORD });
  await seedAdminScale(db, { teachers: 100, students: 5000, sessionsPerTeacher: 10, password: PASSWORD });
  console.log(`  seeded in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}
const teacher = await db.selectFrom('users').select('id').where('email', '=', 'teacher7@scale.test').executeTakeFirstOrThrow();
const student = await db.selectFrom('users').select('id').where('email', '=', 'student42@scale.test').executeTakeFirstOrThrow();
await db.destroy();

const server = await startServerOn(dataDir, { MALLOC_ARENA_MAX: '2' });
const { url, pid } = server;
const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) * 1024;
const load = () => `load ${loadAverage()}`;

const login = await fetch(`${url}/api/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'admin@bench.test', password: PASSWORD }),
});
const { token } = (await login.json()) as { token: string };
const auth = { authorization: `Bearer ${token}` };

async function timed(p: string) {
  const t = performance.now();
  const res = await fetch(`${url}${p}`, { headers: auth });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${p}: ${res.status}`);
  return performance.now() - t;
}
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
const report = (title: string, xs: number[]) =>
  console.log(`${title}: n ${xs.length}, p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms; ${load()}`);

const FILTERS = ['', 'department_id=3', `teacher=${teacher.id}`, 'mode=online', 'start_date=2025-06-10&end_date=2025-07-20', `student=${student.id}`];
if (!shortfallOnly) await reportsOfIssue9();

// Issue 24's shortfall report: a rule of 85% over the seeded semester (every student attends about 80%, so all 5,000
// are below it and the report sorts and pages all of them), then the page and the CSV under three filters.
const rule = { required_rate: 85, semester_start: '2025-06-01', semester_end: '2025-12-31', late_counts_as_present: true };
const put = await fetch(`${url}/api/admin/attendance_rule`, {
  method: 'PUT',
  headers: { ...auth, 'content-type': 'application/json' },
  body: JSON.stringify(rule),
});
if (!put.ok) throw new Error(`attendance_rule: ${put.status}`);
const SHORTFALL_FILTERS = ['', 'department_id=3', 'start_date=2025-06-10&end_date=2025-07-20'];
const shortfallPage = (i: number) => `/api/admin/attendance-shortfall?page=${1 + (i % 20)}&${SHORTFALL_FILTERS[i % SHORTFALL_FILTERS.length]}`;
// The first call of each filter counts its tally (with --shortfall-only the first also loads the facts).
for (const [i, f] of SHORTFALL_FILTERS.entries())
  console.log(`attendance-shortfall, first call of filter '${f}': ${(await timed(shortfallPage(i))).toFixed(1)} ms; ${load()}`);
const shortfall: number[] = [];
for (let i = 0; i < 120; i++) shortfall.push(await timed(shortfallPage(i)));
const below = (await (await fetch(`${url}/api/admin/attendance-shortfall`, { headers: auth })).json()) as { total: number };
report(`attendance-shortfall page (${below.total} students below 85%, ${SHORTFALL_FILTERS.length} filters, pages 1-20)`, shortfall);
const shortfallCsv: number[] = [];
for (let i = 0; i < 12; i++) shortfallCsv.push(await timed(`/api/admin/attendance-shortfall/export.csv?${SHORTFALL_FILTERS[i % SHORTFALL_FILTERS.length]}`));
report('attendance-shortfall CSV (every row)', shortfallCsv);

// Marks corrected while the report is in use, as a teacher would (then put back, so a kept seed stays the same):
// first in the semester's first sessions, then students' latest present marks made absent (their last present mark
// is looked up again). Each is followed by the next page of one of the filters.
const shortfallWriter = connectDatabase(path.join(dataDir, 'roll-call.sqlite'));
const corrected = [...Array.from({ length: 20 }, (_, i) => 2000 + i * 37), ...Array.from({ length: 20 }, (_, i) => 1_000_000 - i * 41)];
const originals = await shortfallWriter.selectFrom('attendance_records').select(['id', 'status']).where('id', 'in', corrected).execute();
const afterMark: number[] = [];
for (const [i, r] of originals.entries()) {
  await shortfallWriter
    .updateTable('attendance_records')
    .set({ status: r.status === 'present' ? 'absent' : 'present', updated_at: new Date().toISOString() })
    .where('id', '=', r.id)
    .execute();
  afterMark.push(await timed(shortfallPage(i)));
}
report(`attendance-shortfall right after a mark changed (${originals.length} marks)`, afterMark);
for (const r of originals)
  await shortfallWriter.updateTable('attendance_records').set({ status: r.status, updated_at: new Date().toISOString() }).where('id', '=', r.id).execute();

// A class of department 3 held inside the semester (then removed again): the tallies catch up by its records.
const teacher3 = await shortfallWriter.selectFrom('users').select('id').where('role', '=', 'teacher').where('department_id', '=', 3).executeTakeFirstOrThrow();
const afterSession: number[] = [];
for (let i = 0; i < 6; i++) {
  const started = new Date(Date.UTC(2025, 11, 20, 4, i)).toISOString();
  const { id } = await shortfallWriter
    .insertInto('geofence_sessions')
    .values({ teacher_id: teacher3.id, department_id: 3, latitude: 23, longitude: 72, radius_m: 50, started_at: started, ends_at: started })
    .returning('id')
    .executeTakeFirstOrThrow();
  await shortfallWriter.updateTable('geofence_sessions').set({ ended_at: started, end_reason: 'manual' }).where('id', '=', id).execute();
  afterSession.push(await timed(shortfallPage(i)));
  await shortfallWriter.deleteFrom('geofence_sessions').where('id', '=', id).execute();
}
await shortfallWriter.destroy();
report('attendance-shortfall right after a class ended', afterSession);

if (!shortfallOnly) await writesAndExports();

await server.stop();

if (!shortfallOnly) await exportScript();
if (!kept) fs.rmSync(dataDir, { recursive: true, force: true });

/** Issue 9's reports: the first load of the facts, new filters, the summary, details and charts. */
async function reportsOfIssue9() {
  console.log(`Server RSS before the reports: ${(rss() / 2 ** 20).toFixed(0)} MB`);
  console.log(
    `first report call (loads the attendance facts into memory): ${(await timed('/api/admin/attendance-details?page=1&limit=20')).toFixed(0)} ms; RSS now ${(rss() / 2 ** 20).toFixed(0)} MB; ${load()}`,
  );

  // A new filter costs one pass over the facts; 40 date ranges no earlier call has seen.
  const fresh: number[] = [];
  for (let i = 0; i < 40; i++) {
    const from = new Date(Date.UTC(2025, 5, 1) + i * 2 * 86_400_000).toISOString().slice(0, 10);
    fresh.push(await timed(`/api/admin/attendance-charts?start_date=${from}&end_date=2025-12-31&mode=${i % 2 ? 'offline' : 'online'}`));
  }
  report('charts, a filter not seen before (one pass over 1,000,000 records)', fresh);

  const summary: number[] = [];
  const details: number[] = [];
  const charts: number[] = [];
  for (let i = 0; i < 120; i++) {
    const f = FILTERS[i % FILTERS.length];
    summary.push(await timed('/api/admin/attendance-summary'));
    details.push(await timed(`/api/admin/attendance-details?page=${1 + (i % 40)}&limit=20&sort=${i % 3 ? 'desc' : 'asc'}&${f}`));
    charts.push(await timed(`/api/admin/attendance-charts?${f}`));
  }
  report('attendance-summary', summary);
  report(`attendance-details page (20 rows, ${FILTERS.length} filters, pages 1-40)`, details);
  report(`attendance-charts (${FILTERS.length} filters)`, charts);
}

/** Issue 9's details right after a write, and the full detail CSV streamed with the server's RSS sampled. */
async function writesAndExports() {
  // A mark written meanwhile: the next report reads the changed rows, then aggregates again.
  const afterWrite: number[] = [];
  const writer = connectDatabase(path.join(dataDir, 'roll-call.sqlite'));
  for (let i = 0; i < 20; i++) {
    const at = new Date().toISOString();
    await writer
      .updateTable('attendance_records')
      .set({ status: i % 2 ? 'present' : 'absent', updated_at: at })
      .where('id', '=', 1000 + i)
      .execute();
    afterWrite.push(await timed(`/api/admin/attendance-details?page=1&limit=20&${FILTERS[i % FILTERS.length]}`));
  }
  await writer.destroy();
  report('attendance-details right after a record changed', afterWrite);

  // The full detail CSV: streamed, counted, with the server's RSS sampled every 50 ms.
  const before = rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 50);
  const cpuBefore = processCpu(pid);
  const t = performance.now();
  const res = await fetch(`${url}/api/admin/attendance-details/export.csv`, { headers: auth });
  let rows = -1;
  let bytes = 0;
  const reader = res.body!.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    bytes += r.value.length;
    // indexOf over the chunk: this process shares the two cores with the server it measures.
    for (let at = r.value.indexOf(10); at !== -1; at = r.value.indexOf(10, at + 1)) rows++;
  }
  const seconds = (performance.now() - t) / 1000;
  clearInterval(sampler);
  console.log(
    `detail CSV, all records: ${rows} rows, ${(bytes / 2 ** 20).toFixed(0)} MB in ${seconds.toFixed(1)} s, server CPU ${(processCpu(pid) - cpuBefore).toFixed(1)} s (user+sys); server RSS ${(before / 2 ** 20).toFixed(0)} -> peak ${(peak / 2 ** 20).toFixed(0)} MB (+${((peak - before) / 2 ** 20).toFixed(1)} MB); ${load()}`,
  );
}

/** `npm run export` of every record, timed from outside the process. */
async function exportScript() {
  const out = path.join(dataDir, 'export.csv');
  // Under /usr/bin/time for the script's CPU seconds (its own clock leaves out the process start).
  const e = await promisify(execFile)(
    '/usr/bin/time',
    [
      '-f',
      '%e s wall, %U s user + %S s sys CPU',
      process.execPath,
      path.join(root, 'node_modules/tsx/dist/cli.mjs'),
      path.join(root, 'scripts/export.ts'),
      '--out',
      out,
    ],
    { env: { ...process.env, DATA_DIR: dataDir } },
  );
  console.log(`npm run export (no filter): ${e.stdout.trim()}; process ${e.stderr.trim().split('\n').at(-1)}; ${load()}`);
  fs.rmSync(out, { force: true });
}
