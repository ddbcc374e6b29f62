import './support/quiet-logs';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createActiveUser, createActiveUsersWithHash } from '@server/services/accounts/index';
import { seedAttendance } from './support/seed-attendance';
import { startAppServer } from '../harness/app-server';
import { startServerOn } from '../harness/server-process';
import { burstFaceVerifications } from './support/face-burst';
import { faceLatency } from './support/face-latency';
import { loadAverage } from './support/cpu-time';

/**
 * `npm run bench:api`: the figures issues 4, 7 and 10 name, on a fresh database: a SQLite file in a temp dir and,
 * when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a PostgreSQL server, a database created there for the run
 * and dropped after; the geofence step's figures of both engines are printed side by side at the end.
 * Flags: `--face-runs N` (face checks one at a time, default 20), `--face-only` (only that section), `--no-face`,
 * `--engine sqlite|postgres` (only that engine).
 */
const arg = (name: string) => process.argv[process.argv.indexOf(name) + 1];
const withFace = !process.argv.includes('--no-face');
// First, on a machine the later sections have not loaded yet: the server runs in its own process, as in production.
if (withFace) await faceLatency(process.argv.includes('--face-runs') ? Number(arg('--face-runs')) : 20);
if (process.argv.includes('--face-only')) process.exit(0);

type Figures = { rps: number; p50: number; p90: number; p99: number; non2xx: number };

/** Shared by the in-process server and the extra app nodes, as several nodes of one school share theirs. */
const BENCH_JWT_SECRET = 'bench-secret-shared-by-every-app-node-0123456789';

/** An app node (the app in a process of its own, scripts/harness/server-process.ts) on `databaseUrl`. */
async function startNode(databaseUrl: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-bench-node-'));
  const node = await startServerOn(dataDir, { MALLOC_ARENA_MAX: '2', DATABASE_URL: databaseUrl, JWT_SECRET: BENCH_JWT_SECRET });
  return {
    url: node.url,
    async close() {
      await node.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function benchEngine(engine: 'sqlite' | 'postgres', databaseUrl?: string) {
  console.log(`\n=== ${engine === 'postgres' ? 'PostgreSQL' : 'SQLite'} ===`);
  const figures: Record<string, Figures> = {};
  const server = await startAppServer({
    LOGIN_MAX_FAILURES: '1000',
    JWT_SECRET: BENCH_JWT_SECRET,
    FACE_CHALLENGE: 'off',
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
  });
  const { deps, url } = server;
  deps.sessions.start();
  const now = new Date();
  const PASSWORD = 'Bench!pass1';

  const bca = await deps.db.selectFrom('departments').select('id').where('name', '=', 'BCA').executeTakeFirstOrThrow();
  const teacher = await createActiveUser(deps, { role: 'teacher', email: 'teacher@bench.test', password: PASSWORD, department: 'BCA' });
  const students = [];
  for (let i = 0; i < 100; i++)
    students.push(await createActiveUser(deps, { role: 'student', email: `student${i}@bench.test`, password: PASSWORD, department: 'BCA' }));
  const login = async (email: string) =>
    (
      (await (
        await fetch(`${url}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: PASSWORD }),
        })
      ).json()) as { token: string }
    ).token;
  const teacherToken = await login(teacher.email);
  const studentTokens = await Promise.all(students.map((s) => login(s.email)));

  console.log('Seeding 100,000 attendance records (1,000 sessions x 100 students)...');
  const t = Date.now();
  await seedAttendance(deps.db, { teacherId: teacher.id, departmentId: bca.id, studentIds: students.map((s) => s.id), sessions: 1000 });
  console.log(`  seeded in ${((Date.now() - t) / 1000).toFixed(1)} s`);

  const start = await fetch(`${url}/api/start_geofence`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${teacherToken}` },
    body: JSON.stringify({ teacher_id: teacher.id, latitude: 23.0225, longitude: 72.5714, radius: 50, department: 'BCA', duration_minutes: 60 }),
  });
  if (start.status !== 201) throw new Error(`start_geofence failed: ${start.status}`);

  function run(title: string, opts: Omit<autocannon.Options, 'url'> & { path?: string }) {
    return new Promise<autocannon.Result>((resolve, reject) => {
      autocannon({ workers: 1, ...opts, url: url + (opts.path ?? '') } as autocannon.Options, (err, result) => (err ? reject(err) : resolve(result)));
    }).then((r) => {
      console.log(
        `${title}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p90 ${r.latency.p90} ms, p97.5 ${r.latency.p97_5} ms, p99 ${r.latency.p99} ms, errors ${r.errors}, non-2xx ${r.non2xx}, timeouts ${r.timeouts}`,
      );
      figures[title] = { rps: Math.round(r.requests.average), p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, non2xx: r.non2xx };
      return r;
    });
  }

  /** Runs scripts/bench/support/open-loop.ts in its own process, so the load generator does not share the server's thread. */
  async function openLoop(title: string, job: { rate: number; seconds: number; connections: number; requests: unknown[] }) {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'support/open-loop.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
    child.stdin.end(JSON.stringify({ ...job, url }));
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    await new Promise((resolve) => child.on('close', resolve));
    const r = JSON.parse(out);
    console.log(
      `${title}: ${r.rps} req/s, p50 ${r.p50} ms, p90 ${r.p90} ms, p95 ${r.p95} ms, p99 ${r.p99} ms, max ${r.max} ms, errors ${r.errors}, non-2xx ${r.non2xx}`,
    );
    figures[title] = { rps: r.rps, p50: r.p50, p90: r.p90, p99: r.p99, non2xx: r.non2xx };
  }

  // Each student may check 15 times per session (issue 12): past that the answers are 429s, which this also measures.
  const body = JSON.stringify({ latitude: 23.0226, longitude: 72.5714, accuracy: 10 });
  const markRequests = studentTokens.map((token) => ({
    method: 'POST' as const,
    path: '/api/mark_attendance',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body,
  }));
  await run('mark_attendance geofence step, 100 concurrent students, as fast as it goes', { connections: 100, duration: 10, requests: markRequests });
  // 1,000 req/s on both engines (issue 10's PostgreSQL target, side by side); 1,500 req/s is issue 4's SQLite target.
  await openLoop('mark_attendance geofence step, 100 students, 1,000 req/s evenly spaced (separate process)', {
    rate: 1000,
    seconds: 10,
    connections: 100,
    requests: markRequests,
  });
  // The 100 students above have used their 15 checks in the first second, so most of those answers are 429s (the
  // statement runs and counts all the same). Here every answer is a counted check: 1,000 students of another
  // department with a class running, 10 checks each (under the limit), at the same rate.
  const { password_hash } = await deps.db.selectFrom('users').select('password_hash').where('id', '=', students[0].id).executeTakeFirstOrThrow();
  /** A class of 1,000 students of `department` (one shared hash, tokens signed directly) with its own session running. */
  async function classOf(department: string) {
    const dept = await deps.db.selectFrom('departments').select('id').where('name', '=', department).executeTakeFirstOrThrow();
    const tag = department.toLowerCase();
    const [classTeacher, ...ids] = await createActiveUsersWithHash(
      deps,
      [
        { role: 'teacher' as const, email: `${tag}teacher@bench.test`, username: `${tag}teacher`, department_id: dept.id },
        ...Array.from({ length: 1000 }, (_, i) => ({
          role: 'student' as const,
          email: `${tag}${i}@bench.test`,
          username: `${tag}${i}`,
          department_id: dept.id,
        })),
      ],
      password_hash,
      now,
    );
    const started = new Date();
    await deps.db
      .insertInto('geofence_sessions')
      .values({
        teacher_id: classTeacher,
        department_id: dept.id,
        latitude: 23.0225,
        longitude: 72.5714,
        radius_m: 50,
        started_at: started.toISOString(),
        ends_at: new Date(started.getTime() + 3_600_000).toISOString(),
      })
      .execute();
    const tokens = await Promise.all(ids.map((id, i) => deps.tokens.sign({ user_id: id, role: 'student', username: `${tag}${i}`, tv: 0 })));
    return tokens.map((token) => ({ ...markRequests[0], headers: { ...markRequests[0].headers, authorization: `Bearer ${token}` } }));
  }
  await openLoop('mark_attendance geofence step, 1,000 students, 10 counted checks each, 1,000 req/s evenly spaced (separate process)', {
    rate: 1000,
    seconds: 10,
    connections: 100,
    requests: await classOf('MBA'),
  });
  // Issue 10's way to more throughput: several app nodes on one database. Two server processes (src/server/main.ts)
  // on this PostgreSQL database, requests spread over them in turn as a reverse proxy would.
  if (engine === 'postgres' && databaseUrl) {
    const requests = await classOf('IMCA');
    const nodes = await Promise.all([0, 1].map(() => startNode(databaseUrl)));
    try {
      // fresh processes: their JIT warms on the 100 students' (mostly 429) steps first, as a running node's has
      await openLoop('(warm-up of the 2 app nodes: the 100 students, 500 req/s for 5 s)', {
        rate: 500,
        seconds: 5,
        connections: 50,
        requests: markRequests.map((r, i) => ({ ...r, url: nodes[i % 2].url })),
      });
      await openLoop('mark_attendance geofence step, 1,000 students, 10 counted checks each, 1,000 req/s over 2 app nodes (separate processes)', {
        rate: 1000,
        seconds: 10,
        connections: 100,
        requests: requests.map((r, i) => ({ ...r, url: nodes[i % 2].url })),
      });
    } finally {
      await Promise.all(nodes.map((n) => n.close()));
    }
  }
  if (engine === 'sqlite')
    await openLoop('mark_attendance geofence step, 100 students, 1,500 req/s evenly spaced (separate process)', {
      rate: 1500,
      seconds: 10,
      connections: 100,
      requests: markRequests,
    });
  await run('get_attendance (100,000 records), 10 concurrent', {
    connections: 10,
    duration: 8,
    requests: studentTokens
      .slice(0, 50)
      .map((token) => ({ method: 'GET', path: '/api/get_attendance?page=3&limit=10', headers: { authorization: `Bearer ${token}` } })),
  });
  const dashboard = studentTokens.slice(0, 50).flatMap((token) => [
    { method: 'GET', path: '/api/get_attendance?page=1&limit=10', headers: { authorization: `Bearer ${token}` } },
    { method: 'GET', path: '/api/get_student_profile', headers: { authorization: `Bearer ${token}` } },
  ]);
  await openLoop('student dashboard calls (get_attendance + get_student_profile), 500 req/s evenly spaced', {
    rate: 500,
    seconds: 10,
    connections: 50,
    requests: dashboard,
  });
  await run('get_student_profile, 10 concurrent', {
    connections: 10,
    duration: 5,
    requests: studentTokens.slice(0, 50).map((token) => ({ method: 'GET', path: '/api/get_student_profile', headers: { authorization: `Bearer ${token}` } })),
  });
  await run('get_students_for_session (teacher), 10 concurrent', {
    connections: 10,
    duration: 5,
    headers: { authorization: `Bearer ${teacherToken}` },
    path: '/api/get_students_for_session?page=1&limit=10',
  });

  // The face burst measures the engine's queue, not the database: once, on the first engine benchmarked.
  if (withFace && engine === (only === 'postgres' ? 'postgres' : 'sqlite'))
    await burstFaceVerifications(
      deps,
      url,
      studentTokens.slice(0, 60),
      students.slice(0, 60).map((s) => s.id),
    );

  await server.close();
  return figures;
}

/** A database of its own on the PostgreSQL server, for one run; dropped after. */
async function withPostgresDatabase<T>(serverUrl: string, run: (url: string) => Promise<T>): Promise<T> {
  const name = `rollcall_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

const only = process.argv.includes('--engine') ? arg('--engine') : undefined;
const pgServer = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const results: Partial<Record<'sqlite' | 'postgres', Record<string, Figures>>> = {};
if (only !== 'postgres') results.sqlite = await benchEngine('sqlite');
if (only !== 'sqlite') {
  if (pgServer) results.postgres = await withPostgresDatabase(pgServer, (url) => benchEngine('postgres', url));
  else console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a server we may create a database on)');
}
if (results.sqlite && results.postgres) {
  console.log('\nSide by side (SQLite | PostgreSQL):');
  for (const title of Object.keys(results.sqlite)) {
    const [l, r] = [results.sqlite[title], results.postgres[title]];
    if (!r) continue;
    const f = (x: Figures) => `${x.rps} req/s, p50 ${x.p50}, p90 ${x.p90}, p99 ${x.p99} ms${x.non2xx ? `, non-2xx ${x.non2xx}` : ''}`;
    console.log(`  ${title}\n    SQLite:     ${f(l)}\n    PostgreSQL: ${f(r)}`);
  }
}
console.log(`load average at end: ${loadAverage()}`);

// Issue 9's admin reports on 1,000,000 records run on a database and server process of their own (admin.ts).
if (!process.argv.includes('--no-admin')) {
  const { spawnSync } = await import('node:child_process');
  spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'admin.ts')], { stdio: 'inherit' });
}
