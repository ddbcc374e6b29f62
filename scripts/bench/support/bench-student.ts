import path from 'node:path';
import { connectDatabase } from '@server/db/connect';
import { systemClock } from '@server/lib/clock';
import { createActiveUser } from '@server/services/accounts/index';
import { enrolledStudent, logIn } from '@harness/enrolled-student';

const PASSWORD = 'Bench!pass1';

/**
 * The aoc student of a server running in another process (its data in `dataDir`), enrolled through its API and
 * approved by a teacher made in its database: the student's token, for benchmarks that run face checks over HTTP.
 */
export async function benchStudentToken(url: string, dataDir: string): Promise<string> {
  const db = connectDatabase(path.join(dataDir, 'roll-call.sqlite'));
  try {
    await createActiveUser({ db, clock: systemClock }, { role: 'teacher', email: 'teacher@bench.test', password: PASSWORD, department: 'BCA' });
    const server = { url, db };
    return (await enrolledStudent(server, await logIn(server, 'teacher@bench.test', PASSWORD), 'aoc', 'aoc@bench.test')).token;
  } finally {
    await db.destroy();
  }
}
