import path from 'node:path';
import SQLite from 'better-sqlite3';
import { decodeJwt } from 'jose';
import { createTokenService, type TokenService } from '@server/auth/tokens';
import { connectDatabase } from '@server/db/connect';
import { runScript } from './server-process';

const MAX_IN_FLIGHT = 64;

interface Student {
  id: number;
  username: string;
  session_id: number;
  latitude: number;
  longitude: number;
  /** the student's login: a face proof is spent only by the login that earned it */
  token: string;
}

/**
 * The backup target: marks written through the real marking endpoint at `perSecond` while `npm run backup` runs
 * against the same file. Every active student of a department with an open session gets an accepted face
 * verification first (what a face check leaves behind: the engine's 1.3 CPU-s per check cannot run 100 times a
 * second on this box), then takes the geofence step and marks once, as the page does. Marks acknowledged (HTTP 200, status present) before the backup process was
 * started must all be in the copy, and the copy must pass integrity_check.
 */
export async function backupUnderWrites(opts: {
  url: string;
  dataDir: string;
  jwtSecret: string;
  outFile: string;
  perSecond: number;
  warmupMs: number;
  minAckedBefore: number;
  afterMs: number;
}) {
  const dbFile = path.join(opts.dataDir, 'roll-call.sqlite');
  const tokens = createTokenService(new TextEncoder().encode(opts.jwtSecret), 3600, () => new Date());
  const students = await studentsWithOpenSessions(dbFile, tokens);
  const acked: { student: Student; at: number }[] = [];
  /** answers other than 'present' from the server */
  const failures: string[] = [];
  const unanswered: string[] = [];
  let next = 0;
  let stopped = false;
  let lastOfferedAt = Number.POSITIVE_INFINITY;
  const inflight = new Set<Promise<void>>();
  const send = (s: Student, finalMark: boolean) =>
    fetch(`${opts.url}/api/mark_attendance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${s.token}` },
      body: JSON.stringify({ latitude: s.latitude, longitude: s.longitude, accuracy: 10, ...(finalMark ? { face_verified: true } : {}) }),
    });
  /** The page's two requests: the geofence step, then the final mark it must precede (issue 35). */
  const mark = async (s: Student) => {
    const step = await send(s, false);
    const stepBody = (await step.json()) as { status?: string };
    if (step.status !== 200 || stepBody.status !== 'geofence_checked') return void failures.push(`step ${step.status} ${JSON.stringify(stepBody)}`);
    const res = await send(s, true);
    const body = (await res.json()) as { status?: string };
    if (res.status === 200 && body.status === 'present') acked.push({ student: s, at: performance.now() });
    else failures.push(`${res.status} ${JSON.stringify(body)}`);
  };
  const started = performance.now();
  const writer = (async () => {
    // Open loop: one mark every 1000/perSecond ms whatever the answers' latency, as students arrive.
    while (!stopped && next < students.length) {
      const due = started + (next * 1000) / opts.perSecond;
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
      // A server slower than the offered rate would otherwise collect hundreds of open sockets until some are
      // reset: past MAX_IN_FLIGHT the loop waits for an answer, as phones waiting on a slow server would.
      while (inflight.size >= MAX_IN_FLIGHT) await Promise.race(inflight);
      // A request that got no answer (a connection reset on a machine loaded far past its cores) is a mark not
      // acknowledged, as a phone's would be: it proves nothing about the copy, so it is counted, not failed.
      const p = mark(students[next++]).catch(
        (e: Error & { cause?: { code?: string; message?: string } }) => void unanswered.push(`${e.message}: ${e.cause?.code ?? e.cause?.message ?? ''}`),
      );
      inflight.add(p);
      void p.finally(() => inflight.delete(p));
    }
    lastOfferedAt = performance.now();
  })();
  // Marks must be acknowledged before the backup starts for the test to mean anything, however slow the box is.
  const warmupEnds = performance.now() + opts.warmupMs;
  while (performance.now() < warmupEnds || (acked.length < opts.minAckedBefore && next < students.length)) await new Promise((r) => setTimeout(r, 50));
  const backupStartedAt = performance.now();
  const ackedBefore = acked.slice();
  const backup = await runScript('backup', ['--out', opts.outFile], { DATA_DIR: opts.dataDir });
  const backupEndedAt = performance.now();
  await new Promise((r) => setTimeout(r, opts.afterMs));
  stopped = true;
  await writer;
  await Promise.all(inflight);
  // The rate over the backup's run: acknowledgements between its start and its end (or the last mark offered).
  const windowEnd = Math.min(backupEndedAt, lastOfferedAt);
  const rate = acked.filter((a) => a.at > backupStartedAt && a.at <= windowEnd).length / ((windowEnd - backupStartedAt) / 1000);

  const copy = new SQLite(opts.outFile, { readonly: true });
  const integrity = (copy.prepare('pragma integrity_check').pluck().all() as string[]).join('; ');
  const inCopy = new Set(
    copy.prepare("select session_id || ':' || student_id from attendance_records where status = 'present' and manual_override = 0").pluck().all() as string[],
  );
  copy.close();
  const key = (a: { student: Student }) => `${a.student.session_id}:${a.student.id}`;
  const during = acked.filter((a) => a.at > backupStartedAt && a.at <= backupEndedAt);
  return {
    backup,
    integrity,
    marksPerSecond: rate,
    marksPerSecondBefore: ackedBeforeCount(acked, backupStartedAt) / ((backupStartedAt - started) / 1000),
    /** false when every student had marked before the backup ended: writes did not cover the whole backup */
    writesCoveredBackup: lastOfferedAt >= backupEndedAt,
    ackedBefore: ackedBefore.length,
    lostBefore: ackedBefore.filter((a) => !inCopy.has(key(a))).length,
    ackedDuring: during.length,
    duringInCopy: during.filter((a) => inCopy.has(key(a))).length,
    backupMs: backupEndedAt - backupStartedAt,
    failures,
    unanswered,
    acked: acked.map((a) => ({ session_id: a.student.session_id, student_id: a.student.id })),
  };
}

const ackedBeforeCount = (acked: { at: number }[], t: number) => acked.filter((a) => a.at <= t).length;

/** Every active student whose department has an open session, each with a login and a fresh unused accepted face verification of it. */
async function studentsWithOpenSessions(dbFile: string, tokens: TokenService): Promise<Student[]> {
  const db = connectDatabase(dbFile);
  try {
    const rows = await db
      .selectFrom('users as u')
      .innerJoin('geofence_sessions as s', (j) => j.onRef('s.department_id', '=', 'u.department_id').on('s.ended_at', 'is', null))
      .leftJoin('attendance_records as r', (j) => j.onRef('r.session_id', '=', 's.id').onRef('r.student_id', '=', 'u.id'))
      .select(['u.id', 'u.username', 's.id as session_id', 's.latitude', 's.longitude'])
      .where('u.role', '=', 'student')
      .where('u.status', '=', 'active')
      .where('r.id', 'is', null)
      .orderBy('u.id')
      .execute();
    const students = await Promise.all(
      rows.map(async (r) => ({ ...r, token: await tokens.sign({ user_id: r.id, role: 'student', username: r.username, tv: 0 }) })),
    );
    const now = new Date().toISOString();
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < students.length; i += 500) {
        await trx
          .insertInto('face_verifications')
          .values(
            students.slice(i, i + 500).map((r) => ({
              user_id: r.id,
              token_id: decodeJwt(r.token).jti as string,
              created_at: now,
              blink_count: 2,
              similarity: 0.3,
              verdict: 'accepted' as const,
              reason: 'accepted',
              duration_ms: 1200,
            })),
          )
          .execute();
      }
    });
    return students;
  } finally {
    await db.destroy();
  }
}
