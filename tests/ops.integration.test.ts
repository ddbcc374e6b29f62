import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/server/db/connect';
import { createSessionSweeper } from '../src/server/services/attendance/index';
import { backupUnderWrites } from '../scripts/harness/backup-under-writes';
import { runScript, startServerOn } from '../scripts/harness/server-process';
import { fixture, hasFixtures } from '../scripts/harness/face-fixtures';
import { TEST_JWT_SECRET } from './helpers/test-server';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-ops-'));
const dataDir = path.join(tmp, 'data');
const liveFile = path.join(dataDir, 'roll-call.sqlite');
const backupFile = path.join(tmp, 'during-writes.sqlite');
// Live sessions must outlast the test, and the proofs written before the marks must still be fresh.
const env = { DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, SESSION_MINUTES: '60', FACE_PROOF_TTL: '3600' };
let server: Awaited<ReturnType<typeof startServerOn>> | undefined;
let acked: { session_id: number; student_id: number }[] = [];
let ackedBeforeBackup = 0;
afterAll(async () => {
  await server?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const sha = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const listing = () => fs.readdirSync(dataDir).sort();
const query = <T>(file: string, sql: string) => {
  const db = new SQLite(file, { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
};
const count = (file: string, sql: string) => query<{ n: number }>(file, sql)[0].n;
const presentKeys = (file: string) =>
  new Set(query<{ k: string }>(file, "select session_id || ':' || student_id as k from attendance_records where status = 'present'").map((r) => r.k));

describe('npm run seed', () => {
  it('seeds an empty database with a demo institution, then refuses a second time without --force', async () => {
    const r = await runScript('seed', ['--students', '1000', '--teachers', '5', '--days', '1'], env);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain('admin    admin@demo.school  Demo!Pass1');
    expect(r.out).toContain('hashed once and reused');
    expect(count(liveFile, "select count(*) n from users where status = 'active'")).toBe(1006);
    // 1 school day x 4 classes x 5 departments, all ended by the expiry's finaliser; one class running now per department.
    expect(count(liveFile, "select count(*) n from geofence_sessions where end_reason = 'expired' and ended_at = ends_at")).toBe(20);
    const open = query<{ ends_at: string }>(liveFile, 'select ends_at from geofence_sessions where ended_at is null');
    expect(open).toHaveLength(5);
    for (const s of open) expect(Date.parse(s.ends_at)).toBeGreaterThan(Date.now());
    // Every past class has one record per student of its department, and the mix a real school has.
    const gaps = count(
      liveFile,
      `select count(*) n from geofence_sessions s where s.ended_at is not null and
      (select count(*) from attendance_records r where r.session_id = s.id) <> (select count(*) from users u where u.role = 'student' and u.department_id = s.department_id)`,
    );
    expect(gaps).toBe(0);
    const mix = Object.fromEntries(
      query<{ kind: string; n: number }>(
        liveFile,
        `select case when manual_override = 1 then 'manual_' || status when marked_by is null and status = 'absent' then 'auto_absent'
        when face_verification_id is not null then 'face' else 'other' end kind, count(*) n from attendance_records group by 1`,
      ).map((r) => [r.kind, r.n]),
    );
    expect(mix.other).toBeUndefined();
    expect(mix.face).toBeGreaterThan(mix.auto_absent);
    expect(mix.auto_absent).toBeGreaterThan(mix.manual_present);
    expect(mix.manual_present).toBeGreaterThan(0);
    expect(mix.manual_absent).toBeGreaterThan(0);

    const before = sha(liveFile);
    const again = await runScript('seed', ['--students', '5'], env);
    expect(again.code).toBe(1);
    expect(again.out).toContain('Refused: The database already has 1006 users: refusing to seed (pass --force');
    expect(count(liveFile, 'select count(*) n from users')).toBe(1006);
    expect(sha(liveFile)).toBe(before);
  }, 180_000);

  it('the demo logins work over HTTP, and a seeded student sees their records', async () => {
    server = await startServerOn(dataDir, env);
    for (const email of ['admin@demo.school', 'teacher01@demo.school', 'student0001@demo.school']) {
      const res = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'Demo!Pass1' }),
      });
      const body = (await res.json()) as { success: boolean; token: string };
      expect(res.status, email).toBe(200);
      expect(body.success).toBe(true);
      const get = (path: string) => fetch(`${server!.url}${path}`, { headers: { authorization: `Bearer ${body.token}` } }).then((r) => r.json());
      if (email.startsWith('student')) {
        const mine = await get('/api/get_attendance');
        expect(mine.total_records).toBeGreaterThanOrEqual(4);
      }
      // Issue 24: the seeded class gives the rule's screens something to show (each department's first student rarely comes).
      if (email.startsWith('teacher')) {
        const atRisk = await get('/api/at_risk_students');
        expect(atRisk.students.length).toBeGreaterThan(0);
        expect(atRisk.students[0].rate).toBeLessThan(atRisk.required_rate);
      }
      if (email.startsWith('admin')) {
        const shortfall = await get('/api/admin/attendance-shortfall');
        expect(shortfall.total).toBeGreaterThanOrEqual(1);
        expect(shortfall.rows[0]).toMatchObject({ department: expect.any(String), rate: expect.any(Number) });
        expect(shortfall.rows[0].rate).toBeLessThan(shortfall.required_rate);
      }
    }
  }, 300_000);
});

describe('npm run backup and npm run restore', () => {
  it('a backup taken while marks are written holds every mark acknowledged before it started and passes integrity_check', async () => {
    const r = await backupUnderWrites({
      url: server!.url,
      dataDir,
      jwtSecret: TEST_JWT_SECRET,
      outFile: backupFile,
      perSecond: 100,
      warmupMs: 1000,
      minAckedBefore: 50,
      afterMs: 500,
    });
    expect(r.backup.code, r.backup.out).toBe(0);
    expect(r.backup.out).toContain('integrity_check ok');
    expect(r.failures).toEqual([]);
    if (r.unanswered.length) console.warn(`${r.unanswered.length} marks got no answer (counted as not acknowledged): ${r.unanswered[0]}`);
    expect(r.ackedBefore).toBeGreaterThan(20);
    expect(r.lostBefore).toBe(0);
    expect(r.ackedDuring).toBeGreaterThan(0);
    expect(r.integrity).toBe('ok');
    expect((fs.statSync(backupFile).mode & 0o777).toString(8)).toBe('600');
    acked = r.acked;
    ackedBeforeBackup = r.ackedBefore;
  }, 300_000);

  it('restore refuses while the server has the database open, changing nothing', async () => {
    const files = listing();
    const users = count(liveFile, 'select count(*) n from users');
    const r = await runScript('restore', ['--from', backupFile], env);
    expect(r.code).toBe(1);
    expect(r.out).toContain('is in use by another process (a running server?): stop the server, then restore. Nothing was changed.');
    expect(listing()).toEqual(files);
    expect(count(liveFile, 'select count(*) n from users')).toBe(users);
  }, 300_000);

  it('restore refuses a corrupt, a foreign and a newer file, changing nothing', async () => {
    await server!.stop();
    server = undefined;
    const corrupt = path.join(tmp, 'corrupt.sqlite');
    const bytes = fs.readFileSync(backupFile);
    crypto.randomFillSync(bytes, 4096 * 2, 4096 * 6); // header intact, b-tree pages garbage
    fs.writeFileSync(corrupt, bytes);
    const foreign = path.join(tmp, 'foreign.sqlite');
    new SQLite(foreign).exec('create table notes (body text)');
    const newer = path.join(tmp, 'newer.sqlite');
    fs.copyFileSync(backupFile, newer);
    new SQLite(newer).exec("insert into kysely_migration (name, timestamp) values ('2099_01_01_000000_future', '2099-01-01')");
    const notDb = path.join(tmp, 'notes.txt');
    fs.writeFileSync(notDb, 'not a database');

    const files = listing();
    const before = sha(liveFile);
    const cases: [string, string][] = [
      [corrupt, 'Refused:'],
      [foreign, 'it is not a Roll Call database (it has no migrations table). Nothing was changed.'],
      [newer, 'it was written by a newer version of Roll Call (unknown migrations: 2099_01_01_000000_future)'],
      [notDb, 'is not a SQLite database. Nothing was changed.'],
      [path.join(tmp, 'missing.sqlite'), 'No backup file at'],
    ];
    for (const [file, message] of cases) {
      const r = await runScript('restore', ['--from', file], env);
      expect(r.code, file).toBe(1);
      expect(r.out, file).toContain(message);
      expect(listing(), file).toEqual(files);
      expect(sha(liveFile), file).toBe(before);
    }
  }, 300_000);

  it('restore puts the backup in place, keeps the old database aside whole, and the result passes integrity_check', async () => {
    const r = await runScript('restore', ['--from', backupFile], env);
    expect(r.code, r.out).toBe(0);
    const aside = /kept as (\S+)/.exec(r.out)?.[1];
    expect(aside && fs.existsSync(aside)).toBe(true);
    expect(listing().filter((f) => /-(wal|shm|journal)$|restoring/.test(f))).toEqual([]);
    expect(query<{ integrity_check: string }>(liveFile, 'pragma integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    const restored = presentKeys(liveFile);
    const old = presentKeys(aside!);
    const key = (a: { session_id: number; student_id: number }) => `${a.session_id}:${a.student_id}`;
    expect(acked.slice(0, ackedBeforeBackup).filter((a) => !restored.has(key(a)))).toEqual([]);
    // The set-aside file carries everything the server wrote, including what was still in its WAL.
    expect(acked.filter((a) => !old.has(key(a)))).toEqual([]);
    expect(old.size).toBeGreaterThanOrEqual(restored.size);
  }, 300_000);

  it('the seeded class still running (in the restored database) ends and auto-absents through the normal expiry path', async () => {
    const db = connectDatabase(liveFile);
    try {
      const open = await db.selectFrom('geofence_sessions').select(['id', 'ends_at', 'department_id']).where('ended_at', 'is', null).execute();
      expect(open).toHaveLength(5);
      const latest = Math.max(...open.map((s) => Date.parse(s.ends_at)));
      expect(await createSessionSweeper({ db, clock: { now: () => new Date(latest - 1000) } }).sweep()).toBe(0);
      expect(await createSessionSweeper({ db, clock: { now: () => new Date(latest + 1000) } }).sweep()).toBe(5);
      for (const s of open) {
        const rows = await db.selectFrom('attendance_records').select(['status', 'marked_by', 'marked_at']).where('session_id', '=', s.id).execute();
        const students = await db.selectFrom('users').select('id').where('role', '=', 'student').where('department_id', '=', s.department_id).execute();
        expect(rows).toHaveLength(students.length);
        expect(rows.filter((r) => r.status === 'absent').every((r) => r.marked_by === null && r.marked_at === s.ends_at)).toBe(true);
      }
    } finally {
      await db.destroy();
    }
  }, 300_000);

  it('backup and restore refuse a PostgreSQL DATABASE_URL', async () => {
    for (const [name, args] of [
      ['backup', ['--out', path.join(tmp, 'pg.sqlite')]],
      ['restore', ['--from', backupFile]],
    ] as const) {
      const r = await runScript(name, [...args], { ...env, DATABASE_URL: 'postgres://127.0.0.1:5432/test' });
      expect(r.code).toBe(1);
      expect(r.out).toContain('works on the embedded SQLite file only, and DATABASE_URL points to PostgreSQL');
    }
  }, 300_000);
});

describe.skipIf(!hasFixtures)('npm run seed --faces', () => {
  it('enrolls three real photos per person for the first students', async () => {
    const dir = path.join(tmp, 'faces-data');
    const r = await runScript('seed', ['--students', '3', '--teachers', '1', '--departments', '1', '--days', '0', '--faces', fixture('photos', 'people')], {
      ...env,
      DATA_DIR: dir,
    });
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain('face of jolie enrolled for student0001@demo.school');
    expect(r.out).toContain('face of zuckerberg enrolled for student0002@demo.school');
    const file = path.join(dir, 'roll-call.sqlite');
    expect(query(file, 'select u.username, count(e.id) n from users u join face_enrollments e on e.user_id = u.id group by u.id order by u.id')).toEqual([
      { username: 'student0001', n: 3 },
      { username: 'student0002', n: 3 },
    ]);
    expect(count(file, 'select count(*) n from face_templates')).toBe(2);
    expect(fs.readdirSync(path.join(dir, 'uploads', 'faces')).length).toBe(2);
  }, 300_000);
});
