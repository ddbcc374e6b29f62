import '../support/quiet-logs';
import { parseArgs } from 'node:util';
import { enrolledStudent, logIn } from '@harness/enrolled-student';
import { liveCheck, P1, type Segment } from '@harness/live-stream';
import { insertSession } from '@harness/geofence-sessions';
import { createActiveUser } from '@server/services/accounts/index';
import { startAppServer } from '@harness/app-server';
import { loadAverage } from '../support/cpu-time';

/**
 * `npm run bench:face-live-attack -- [--attempts N] [--parallel K]`: the pre-recorded attack on the live check (issue
 * 33) over its own protocol, no browser. p1's real clips (c01 left turn and blink, c02 right turn and blink, c03 a
 * blink), each streamed in real time as a recording made in advance: once and then his still face, or looped for
 * the whole check. The server draws its instructions as always (every order comes up), and nothing is accepted.
 * Each attempt is a fresh try (the session's limit of three is reset): the figure is the chance per attempt.
 */
const { values } = parseArgs({ options: { attempts: { type: 'string', default: '200' }, parallel: { type: 'string', default: '3' } } });
const attempts = Number(values.attempts);
const parallel = Number(values.parallel);

const CLIPS: Record<string, number> = { c01_p1_left_blink: 75, c02_p1_right_blink: 87, c03_p1_still_blink: 65 };
const recordings: { label: string; play: Segment[] }[] = Object.entries(CLIPS).flatMap(([clip, frames]) => [
  {
    label: `${clip} then still`,
    play: [{ clip, from: 0, to: frames }, P1.idle, P1.idle, P1.idle, P1.idle, P1.idle, P1.idle, P1.idle, P1.idle, P1.idle, P1.idle, P1.idle],
  },
  { label: `${clip} looped`, play: Array.from({ length: 6 }, () => ({ clip, from: 0, to: frames })) },
]);

// A check's deadline of 2 minutes, as the tests' server gives: on a loaded machine a slow check still gets its verdict, not busy.
const server = await startAppServer({ FACE_CHALLENGE: 'on', FACE_CHECKS_PER_MINUTE: '600', FACE_QUEUE_LIMIT: '16', FACE_JOB_TIMEOUT_MS: '120000' });
const PASSWORD = 'Bench!pass1';
const teacher = await createActiveUser(server.deps, { role: 'teacher', email: 'teacher@bench.test', password: PASSWORD, department: 'BCA' });
const p1 = await enrolledStudent(server, await logIn(server, teacher.email, PASSWORD), 'p1', 'pone@bench.test');
const bca = await server.db.selectFrom('departments').select('id').where('name', '=', 'BCA').executeTakeFirstOrThrow();
await insertSession(server.db, {
  teacher_id: teacher.id,
  department_id: bca.id,
  started_at: new Date().toISOString(),
  ends_at: new Date(Date.now() + 86_400_000).toISOString(),
});
// one open check per account: the parallel attempts are accounts of their own, each enrolled with p1's face
const students = [{ id: p1.id, token: p1.token }];
for (let k = 1; k < parallel; k++) {
  const u = await createActiveUser(server.deps, { role: 'student', email: `student${k}@bench.test`, password: PASSWORD, department: 'BCA' });
  for (const table of ['face_templates', 'face_enrollments'] as const) {
    const rows = await server.db.selectFrom(table).selectAll().where('user_id', '=', p1.id).execute();
    for (const { id: _id, ...row } of rows as { id?: number; user_id: number }[])
      await server.db
        .insertInto(table)
        .values({ ...row, user_id: u.id } as never)
        .execute();
  }
  students.push({ id: u.id, token: await logIn(server, u.email, PASSWORD) });
}

const codes = new Map<string, number>();
const byOrder = new Set<string>();
let accepted = 0;
let next = 0;
const started = Date.now();
await Promise.all(
  students.map(async ({ id, token }, k) => {
    for (let i = next++; i < attempts; i = next++) {
      await server.db.deleteFrom('face_challenges').where('user_id', '=', id).execute();
      const rec = recordings[i % recordings.length];
      const a = await liveCheck(server.url, token, { mode: rec.play });
      const code = a.answer.type === 'verdict' && a.answer.success ? 'accepted' : (a.answer.error_code ?? 'refused');
      if (code === 'accepted') accepted++;
      codes.set(code, (codes.get(code) ?? 0) + 1);
      byOrder.add(a.steps.join(','));
      console.log(`#${i + 1} [${k}] ${rec.label}: ${code} (asked ${a.steps.join(' ')})`);
    }
  }),
);
console.log(`\n${accepted} accepted of ${attempts} pre-recorded attempts (${byOrder.size} different instruction orders asked)`);
console.log(`outcomes: ${JSON.stringify(Object.fromEntries(codes))}`);
console.log(`${Math.round((Date.now() - started) / 1000)} s, load average ${loadAverage()}`);
await server.close();
