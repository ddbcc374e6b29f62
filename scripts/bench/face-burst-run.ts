import './support/quiet-logs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../src/server/app';
import { buildDeps } from '../../src/server/bootstrap';
import { loadConfig } from '../../src/server/env';
import { createActiveUser } from '../../src/server/services/accounts/index';
import { burstChallengeSource, burstFaceVerifications } from './support/face-burst';

/**
 * `npm run bench:face-burst [-- --challenge]`: only the class-start burst of `npm run bench:api` (same server set-up,
 * same section, scripts/bench/support/face-burst.ts), without the 100,000-record seeding and the API sections before it,
 * so the burst can be repeated when the machine's load is lowest. Prints the load average before and after.
 * `--challenge`: the same burst with the live face check (issue 33), each student streaming a performance of seven
 * instructions in real time.
 */
const challenge = process.argv.includes('--challenge');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-bench-burst-'));
const deps = await buildDeps(loadConfig({ DATA_DIR: dataDir, PORT: '0', LOGIN_MAX_FAILURES: '1000', FACE_CHALLENGE: challenge ? 'on' : 'off' }), {
  lazyFace: true,
  challengeSource: challenge ? burstChallengeSource : undefined,
});
const server = createApp(deps).listen(0, '127.0.0.1');
await new Promise((r) => server.once('listening', r));
const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
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
console.log(
  `load average before the burst: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
await burstFaceVerifications(
  deps,
  url,
  tokens,
  students.map((s) => s.id),
  { challenge },
);
console.log(
  `load average after the burst: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
server.close();
await deps.face.close();
await deps.db.destroy();
fs.rmSync(dataDir, { recursive: true, force: true });
