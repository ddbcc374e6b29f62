import path from 'node:path';
import { connectDatabase } from '../../../src/server/db/connect';
import { systemClock } from '../../../src/server/lib/clock';
import { createActiveUser } from '../../../src/server/services/accounts/index';
import { readFixture } from '../../harness/face-fixtures';

const PASSWORD = 'Bench!pass1';

async function json(res: Response) {
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * Registers the aoc student with its three photos through the API of the server at `url` (data in `dataDir`), has a
 * teacher approve them, and logs them in: the student's token, for benchmarks that run face checks over HTTP.
 */
export async function enrolledStudent(url: string, dataDir: string): Promise<string> {
  const db = connectDatabase(path.join(dataDir, 'roll-call.sqlite'));
  try {
    await createActiveUser({ db, clock: systemClock }, { role: 'teacher', email: 'teacher@bench.test', password: PASSWORD, department: 'BCA' });
    const login = async (email: string) =>
      (
        await json(
          await fetch(`${url}/api/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, password: PASSWORD }),
          }),
        )
      ).token as string;
    const form = new FormData();
    const fields = { username: 'aoc', email: 'aoc@bench.test', phone_number: '9876543210', role: 'student', department_name: 'BCA', password: PASSWORD };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    for (const f of ['f005', 'f045', 'f070'])
      form.append('images', new Blob([new Uint8Array(readFixture('clips', `enroll_aoc_${f}.jpg`))], { type: 'image/jpeg' }), `${f}.jpg`);
    await json(await fetch(`${url}/api/register`, { method: 'POST', body: form }));
    const { id } = await db.selectFrom('users').select('id').where('email', '=', fields.email).executeTakeFirstOrThrow();
    const teacherToken = await login('teacher@bench.test');
    await json(
      await fetch(`${url}/api/approve_students`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${teacherToken}` },
        body: JSON.stringify({ user_ids: [id] }),
      }),
    );
    return login(fields.email);
  } finally {
    await db.destroy();
  }
}
