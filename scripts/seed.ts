import path from 'node:path';
import { sql } from 'kysely';
import { parseArgs } from 'node:util';
import { createUrlSigner } from '../src/server/lib/url-signer';
import { loadOrCreateSecret } from '../src/server/auth/tokens';
import { connectDatabase } from '../src/server/db/connect';
import { migrateToLatest } from '../src/server/db/migrate';
import { loadConfig } from '../src/server/env';
import { MAX_CONCURRENT_IMAGE_DECODES } from '../src/server/face/config';
import { systemClock } from '../src/server/lib/clock';
import { Slots } from '../src/server/lib/slots';
import { DomainError } from '../src/server/lib/errors';
import { terminalProgress } from '../src/server/ops/progress-bar';
import { findPhotoSets } from '../src/server/ops/seed/face-photos';
import { SeedRefused, seedDemo } from '../src/server/ops/seed/seed-demo';
import { createSessionSweeper } from '../src/server/services/attendance/index';
import { usageOf } from '../src/server/lib/install-layout';

const USAGE = usageOf(
  'seed',
  `[--students N] [--teachers N] [--departments N] [--days N] [--sessions-per-day N]
                      [--faces DIR] [--password P] [--force]`,
);

const { values } = parseArgs({
  options: {
    students: { type: 'string', default: '200' },
    teachers: { type: 'string', default: '10' },
    departments: { type: 'string', default: '5' },
    days: { type: 'string', default: '30' },
    'sessions-per-day': { type: 'string', default: '4' },
    faces: { type: 'string' },
    password: { type: 'string', default: 'Demo!Pass1' },
    force: { type: 'boolean', default: false },
  },
  strict: true,
});
const count = (name: keyof typeof values, min: number, max: number) => {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < min || n > max) {
    console.error(`--${name} must be a whole number from ${min} to ${max}.\n${USAGE}`);
    process.exit(2);
  }
  return n;
};
const opts = {
  students: count('students', 1, 100_000),
  teachers: count('teachers', 1, 1_000),
  departments: count('departments', 1, 5),
  days: count('days', 0, 365),
  sessionsPerDay: count('sessions-per-day', 1, 6),
  password: values.password!,
  force: values.force!,
};
const config = loadConfig();
const photoSets = values.faces ? findPhotoSets(path.resolve(values.faces)) : undefined;
if (photoSets && !photoSets.length) console.warn(`--faces: no person with three photos found in ${values.faces}`);
// The database the app uses: the PostgreSQL server when DATABASE_URL names one, else the SQLite file.
const db = connectDatabase(config.database);
const where = config.databaseUrl ? 'the PostgreSQL database (DATABASE_URL)' : config.databaseFile;
const started = performance.now();
try {
  await migrateToLatest(db);
  // This connection writes ~70 MB of rows and index entries in one go: a 64 MB page cache and rarer WAL
  // checkpoints keep it in memory instead of re-reading index pages from the OS and checkpointing every 4 MB.
  if (!config.databaseUrl) {
    await sql`pragma cache_size = -65536`.execute(db);
    await sql`pragma wal_autocheckpoint = 16384`.execute(db);
  }
  const urls = createUrlSigner(loadOrCreateSecret(config.dataDir, config.jwtSecret));
  const imageDecodes = new Slots(MAX_CONCURRENT_IMAGE_DECODES);
  const startFaceEngine = async () => (await import('../src/server/face/index')).createFaceEngine(config.face, {}, imageDecodes);
  const r = await seedDemo(
    { db, config, urls, sessions: createSessionSweeper({ db, clock: systemClock }), imageDecodes },
    { ...opts, photoSets, startFaceEngine },
    terminalProgress(),
  );
  const c = r.counts;
  const records = c.face + c.manual_present + c.manual_absent + c.auto_absent;
  const cpu = process.cpuUsage();
  console.log(
    `Seeded ${where} in ${((performance.now() - started) / 1000).toFixed(1)} s (${((cpu.user + cpu.system) / 1e6).toFixed(1)} CPU-s since the process started):`,
  );
  console.log(`  ${c.departments} departments, 1 admin, ${c.teachers} teachers, ${c.students} active students (@${r.domain})`);
  console.log(
    `  ${c.past_sessions} past sessions, ${records} attendance records: ${c.face} present by face check, ${c.manual_present} marked present by hand, ${c.manual_absent} corrected to absent, ${c.auto_absent} absent at session end`,
  );
  for (const l of r.live) {
    console.log(
      l.session_id
        ? `  ${l.department}: session #${l.session_id} running until ${l.ends_at} (${l.marked} marked so far; it ends and auto-absents like any other)`
        : `  ${l.department}: no live session (${l.skipped})`,
    );
  }
  for (const f of r.faces)
    console.log(f.ok ? `  face of ${f.person} enrolled for ${f.email}` : `  face of ${f.person} NOT enrolled for ${f.email}: ${f.error}`);
  console.log('Every seeded account shares one password (hashed once and reused: hashing each would take minutes).');
  console.log('Demo logins:');
  console.log(`  admin    ${r.logins.admin}  ${r.password}`);
  console.log(`  teacher  ${r.logins.teacher}  ${r.password}`);
  console.log(`  student  ${r.logins.student}  ${r.password}`);
} catch (err) {
  console.error(err instanceof SeedRefused || err instanceof DomainError ? `Refused: ${err.message}` : (err as Error).stack);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
