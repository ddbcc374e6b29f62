import './support/quiet-logs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backupUnderWrites } from '../harness/backup-under-writes';
import { runScript, startServerOn } from '../harness/server-process';
import { loadAverage } from './support/cpu-time';

/**
 * The operators' scripts against their targets (docs/benchmarks.md): the seed of 2,000 students x 120 sessions
 * in < 60 s; a backup taken while 100 marks/s are written loses none of the marks acknowledged before it started
 * and passes integrity_check; then a restore of that backup. Every figure comes from the real CLIs on a temp DATA_DIR.
 */
const { values } = parseArgs({
  options: { students: { type: 'string', default: '2000' }, days: { type: 'string', default: '30' }, rate: { type: 'string', default: '100' } },
});
/**
 * Each student marks once per class, so 100 marks/s for the whole backup needs thousands of students who have not
 * marked yet: the backup runs on a second school of 6,000 students x 40 sessions (the same 240,000 records).
 */
const WRITES_SCHOOL = ['--students', '6000', '--days', '8', '--sessions-per-day', '5'];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-bench-ops-'));
const dataDir = path.join(tmp, 'data');
const secret = 'bench-ops-secret-that-is-long-enough-for-hs256';
const env = { DATA_DIR: dataDir, JWT_SECRET: secret, SESSION_MINUTES: '60', FACE_PROOF_TTL: '3600' };

try {
  console.log(`load average before: ${loadAverage()} (${os.availableParallelism()} cores)`);
  const seed = await runScript('seed', ['--students', values.students!, '--days', values.days!, '--sessions-per-day', '4'], env);
  if (seed.code !== 0) throw new Error(`seed failed:\n${seed.out}`);
  const [, inner, cpu] = /in ([\d.]+) s \(([\d.]+) CPU-s/.exec(seed.out) ?? [];
  console.log(
    `seed ${values.students} students x ${Number(values.days) * 4} sessions: ${inner} s inside the script, ${(seed.ms / 1000).toFixed(1)} s with process start, ${cpu} CPU-s (target < 60 s); load ${loadAverage()}`,
  );
  console.log(
    seed.out
      .split('\n')
      .filter((l) => /records|departments/.test(l))
      .map((l) => `  ${l.trim()}`)
      .join('\n'),
  );
  console.log(`  database: ${(fs.statSync(path.join(dataDir, 'roll-call.sqlite')).size / 1e6).toFixed(1)} MB`);

  const writesDir = path.join(tmp, 'writes');
  const writesEnv = { ...env, DATA_DIR: writesDir };
  const second = await runScript('seed', WRITES_SCHOOL, writesEnv);
  if (second.code !== 0) throw new Error(`seed failed:\n${second.out}`);
  console.log(`backup school seeded (${WRITES_SCHOOL.join(' ')}): ${(fs.statSync(path.join(writesDir, 'roll-call.sqlite')).size / 1e6).toFixed(1)} MB`);
  const server = await startServerOn(writesDir, writesEnv);
  const out = path.join(tmp, 'backup.sqlite');
  let r: Awaited<ReturnType<typeof backupUnderWrites>>;
  try {
    r = await backupUnderWrites({
      url: server.url,
      dataDir: writesDir,
      jwtSecret: secret,
      outFile: out,
      perSecond: Number(values.rate),
      warmupMs: 2000,
      minAckedBefore: 50,
      afterMs: 1000,
    });
  } finally {
    await server.stop();
  }
  if (r.backup.code !== 0) throw new Error(`backup failed:\n${r.backup.out}`);
  console.log(
    `backup while marks are written: ${r.marksPerSecond.toFixed(0)} marks/s acknowledged during the backup (offered ${values.rate}/s; ${r.marksPerSecondBefore.toFixed(0)}/s before it), ${r.failures.length} refused, ${r.unanswered.length} unanswered; writes covered the whole backup: ${r.writesCoveredBackup ? 'yes' : 'NO'}`,
  );
  const reasons = new Map<string, number>();
  for (const f of r.failures) reasons.set(f.slice(0, 120), (reasons.get(f.slice(0, 120)) ?? 0) + 1);
  for (const [reason, n] of reasons) console.log(`  ${n} x ${reason}`);
  console.log(`  backup script ${(r.backupMs / 1000).toFixed(2)} s with process start; ${r.backup.out.split('\n')[1]?.trim()}`);
  console.log(`  acknowledged before the backup started: ${r.ackedBefore}, missing from the copy: ${r.lostBefore} (target 0)`);
  console.log(`  acknowledged while it ran: ${r.ackedDuring}, of which in the copy: ${r.duringInCopy} (those after its snapshot are not)`);
  console.log(`  copy's integrity_check: ${r.integrity}; load ${loadAverage()}`);

  const restore = await runScript('restore', ['--from', out], writesEnv);
  if (restore.code !== 0) throw new Error(`restore failed:\n${restore.out}`);
  console.log(`restore of that backup (server stopped): ${(restore.ms / 1000).toFixed(2)} s with process start; load ${loadAverage()}`);
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
