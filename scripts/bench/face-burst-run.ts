import './support/quiet-logs';
import { createActiveUser } from '@server/services/accounts/index';
import { startAppServer } from '../harness/app-server';
import { burstChallengeSource, burstFaceVerifications } from './support/face-burst';
import { loadAverage } from './support/cpu-time';

/**
 * `npm run bench:face-burst [-- --challenge]`: only the class-start burst of `npm run bench:api` (same server set-up,
 * same section, scripts/bench/support/face-burst.ts), without the 100,000-record seeding and the API sections before it,
 * so the burst can be repeated when the machine's load is lowest. Prints the load average before and after.
 * `--challenge`: the same burst with the live face check (issue 33), each student streaming a performance of seven
 * instructions in real time.
 */
const challenge = process.argv.includes('--challenge');
const server = await startAppServer(
  { LOGIN_MAX_FAILURES: '1000', FACE_CHALLENGE: challenge ? 'on' : 'off' },
  { challengeSource: challenge ? burstChallengeSource : undefined },
);
const { deps, url } = server;
const PASSWORD = 'Bench!pass1';
const students = [];
for (let i = 0; i < 60; i++)
  students.push(await createActiveUser(deps, { role: 'student', email: `student${i}@bench.test`, password: PASSWORD, department: 'BCA' }));
const login = async (email: string) =>
  (
    (await (
      await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) })
    ).json()) as { token: string }
  ).token;
const tokens = await Promise.all(students.map((s) => login(s.email)));
console.log(`load average before the burst: ${loadAverage()}`);
await burstFaceVerifications(
  deps,
  url,
  tokens,
  students.map((s) => s.id),
  { challenge },
);
console.log(`load average after the burst: ${loadAverage()}`);
await server.close();
