import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connectDatabase, type DB } from '@server/db/connect';
import { migrateToLatest } from '@server/db/migrate';
import { loadConfig } from '@server/env';
import { seededRandom } from '@server/ops/seed/plan';
import { serializeDescriptor } from '@server/face/index';
import { createFaceIndex, findEnrolledFace, identityThreshold } from '@server/services/faces/index';
import { loadAverage } from './support/cpu-time';

/**
 * `npm run bench:face-search`: issue 18's "a search over 10,000 enrolled students in under 50 ms". Seeds 10,000 face
 * templates into a temp SQLite file and, when BENCH_DATABASE_URL names a PostgreSQL server, into a database created
 * there for the run (dropped after), then times findEnrolledFace as the app calls it (with its deps.faceIndex): a new
 * face that matches nobody (a registration), a new face of someone enrolled (a twin, or a second account), and a
 * search right after another node enrolled someone (the index fetches that one template first). Flags: `--templates
 * N` (10,000), `--runs N` (200 of each kind), `--without-index` (every search reads the table).
 *
 * The templates are synthetic but shaped like face-api's 128-float means of the fixture photos (measured through the
 * engine: norms 1.46-1.48, two people 0.75-0.91 apart, two photo sets of one person 0.11-0.16 apart): a shared centre
 * of norm 1.35 plus a random direction of norm 0.50-0.68 per person, so strangers sit about 0.8 apart as real ones do
 * (what decides how early a stranger's distance passes the threshold). A twin query is a template moved by 0.15.
 */
const arg = (name: string, fallback: number) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback);
const TEMPLATES = arg('--templates', 10_000);
/** `--without-index`: every search reads the whole table, as a caller without deps.faceIndex does. */
const WITH_INDEX = !process.argv.includes('--without-index');
const RUNS = arg('--runs', 200);
const DIM = 128;

// The seed's generator: the same templates on every run and engine.
const random = seededRandom(18);
const gaussian = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
function direction(norm: number): Float32Array {
  const v = Float32Array.from({ length: DIM }, gaussian);
  const n = Math.hypot(...v);
  return v.map((x) => (x / n) * norm);
}
const add = (a: Float32Array, b: Float32Array) => a.map((x, i) => x + b[i]);
const centre = direction(1.35);
const person = () => add(centre, direction(0.5 + 0.18 * random()));
const templates = Array.from({ length: TEMPLATES }, person);

async function seed(db: DB) {
  const now = new Date().toISOString();
  for (let start = 0; start < TEMPLATES; start += 500) {
    const batch = templates.slice(start, start + 500);
    await db.transaction().execute(async (trx) => {
      const users = await trx
        .insertInto('users')
        .values(
          batch.map((_, i) => ({
            username: `s${start + i}`,
            email: `s${start + i}@bench.test`,
            password_hash: 'x',
            role: 'student' as const,
            created_at: now,
          })),
        )
        .returning('id')
        .execute();
      await trx
        .insertInto('face_templates')
        .values(users.map((u, i) => ({ user_id: u.id, mean_embedding: serializeDescriptor(batch[i]), model: 'bench', updated_at: now })))
        .execute();
    });
  }
  return (await db.selectFrom('users').select('id').orderBy('id').execute()).map((u) => u.id);
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

async function benchEngine(engine: string, db: DB) {
  await migrateToLatest(db);
  const seeded = performance.now();
  const ids = await seed(db);
  console.log(`\n${engine}: ${TEMPLATES} templates seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s; load average ${loadAverage()}`);
  const deps = { db, config: loadConfig({ DATA_DIR: os.tmpdir() }), ...(WITH_INDEX && { faceIndex: createFaceIndex() }) };
  const threshold = identityThreshold(deps.config);
  let t = performance.now();
  await findEnrolledFace(deps, person());
  console.log(`  first search${WITH_INDEX ? ' (loads the index)' : ', without the index'}: ${(performance.now() - t).toFixed(1)} ms`);
  for (let i = 0; i < 10; i++) await findEnrolledFace(deps, person()); // warm up: statement caches, JIT
  const times: Record<'stranger' | 'twin' | 'after a new enrollment', number[]> = { stranger: [], twin: [], 'after a new enrollment': [] };
  let wrong = 0;
  const cpu = process.cpuUsage();
  for (let r = 0; r < RUNS; r++) {
    const stranger = person();
    t = performance.now();
    const none = await findEnrolledFace(deps, stranger);
    times.stranger.push(performance.now() - t);
    const k = Math.floor(random() * TEMPLATES);
    const twin = add(templates[k], direction(0.15));
    t = performance.now();
    const found = await findEnrolledFace(deps, twin);
    times.twin.push(performance.now() - t);
    // A stranger 0.8 from everyone matches nobody; the twin finds the template it was made from.
    if (none || found?.user_id !== ids[k] || found.distance > threshold) wrong += 1;
    // Someone enrolled elsewhere (another node, a script): the next search must see them.
    const newcomer = person();
    const { id } = await db
      .insertInto('users')
      .values({ username: `n${r}`, email: `n${r}@bench.test`, password_hash: 'x', role: 'student', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('face_templates')
      .values({ user_id: id, mean_embedding: serializeDescriptor(newcomer), model: 'bench', updated_at: new Date().toISOString() })
      .execute();
    t = performance.now();
    const fresh = await findEnrolledFace(deps, add(newcomer, direction(0.15)));
    times['after a new enrollment'].push(performance.now() - t);
    if (fresh?.user_id !== id) wrong += 1;
  }
  // This process's CPU per search (seeding the newcomers included): what a search costs, whatever the load.
  const used = process.cpuUsage(cpu);
  console.log(`  CPU of this process: ${((used.user + used.system) / 1000 / (3 * RUNS)).toFixed(2)} ms per search (newcomers' inserts included)`);
  for (const [kind, xs] of Object.entries(times))
    console.log(
      `  ${kind.padEnd(23)} x${xs.length}: median ${quantile(xs, 0.5).toFixed(2)} ms, p95 ${quantile(xs, 0.95).toFixed(2)} ms, max ${Math.max(...xs).toFixed(2)} ms`,
    );
  console.log(`  answers: ${3 * RUNS - wrong} of ${3 * RUNS} right (threshold ${threshold}); load average ${loadAverage()}`);
}

console.log(`bench:face-search on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), load average ${loadAverage()}`);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-bench-search-'));
const sqlite = connectDatabase(path.join(dir, 'roll-call.sqlite'));
try {
  await benchEngine('SQLite', sqlite);
} finally {
  await sqlite.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
}

const server = process.env.BENCH_DATABASE_URL;
if (!server) console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL to a server we may create a database on)');
else {
  const name = `rollcall_bench_search_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const db = connectDatabase(url.toString(), { poolSize: 2 });
  try {
    await benchEngine('PostgreSQL', db);
  } finally {
    await db.destroy();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}
