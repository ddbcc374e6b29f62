import { afterAll } from 'vitest';
import { decodeJwt, SignJWT } from 'jose';
import type { SelectQueryBuilder } from 'kysely';
import type { Role, UserStatus } from '@shared/constants';
import { hashPassword } from '@server/auth/password';
import type { DB } from '@server/db/connect';
import type { Database } from '@server/db/schema';
import type { FaceEngine } from '@server/face/index';
import type { Clock } from '@server/lib/clock';
import type { ChallengeSource } from '@server/infra/challenge-source';
import { type AppServer, startAppServer } from '@harness/app-server';
import { createTestDatabase } from './test-database';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

export type TestServer = AppServer;

/**
 * A real server on an ephemeral port over a fresh database (scripts/harness/app-server.ts): a SQLite file in a temp
 * dir, or in the PostgreSQL pass (tests/helpers/test-database.ts) a database of its own on the test server, dropped by
 * close(). The face engine starts on first use.
 */
export async function startTestServer(
  opts: { clock?: Clock; face?: FaceEngine; env?: Record<string, string>; challengeSource?: ChallengeSource } = {},
): Promise<TestServer> {
  const database = opts.env?.DATABASE_URL ? undefined : await createTestDatabase();
  // The blink fixtures have no head turn: a test asks for the challenge (FACE_CHALLENGE: 'on') when it tests it.
  const server = await startAppServer(
    {
      JWT_SECRET: TEST_JWT_SECRET,
      FACE_CHALLENGE: 'off',
      // A check's deadline of 2 minutes, not 20 s: tests assert verdicts, and on a loaded machine (a second `npm test`
      // beside this one) a refused challenge, read twice, can take over 20 s and be answered busy. A test of lateness
      // sets its own (face-check-limits.integration.test.ts).
      FACE_JOB_TIMEOUT_MS: '120000',
      ...(database && { DATABASE_URL: database.url }),
      ...opts.env,
    },
    { clock: opts.clock, face: opts.face, challengeSource: opts.challengeSource },
  );
  return {
    ...server,
    async close() {
      await server.close();
      await database?.drop();
    },
  };
}

/**
 * One server for a whole test file: started while the file loads (top-level await), closed after its last test. For a
 * file whose tests all share one server and need nothing done before it starts.
 */
export async function startTestServerForFile(opts: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  const srv = await startTestServer(opts);
  afterAll(() => srv.close());
  return srv;
}

let counter = 0;
/**
 * One real argon2id hash a password, shared by the users created with it: a hash costs about 30 ms of CPU, and the
 * suite creates hundreds of users with the same few passwords. Logins still verify each against it.
 */
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => hashes.get(password) ?? hashes.set(password, hashPassword(password)).get(password)!;

/** Inserts a user directly (as an admin's script would), returning the plain password for logging in. */
export async function createTestUser(
  db: DB,
  args: { role: Role; email?: string; password?: string; status?: UserStatus; department?: string; username?: string; createdAt?: Date },
) {
  counter += 1;
  const email = args.email ?? `user${counter}.${Date.now()}@school.test`;
  const password = args.password ?? 'Passw0rd!';
  const department = args.department ? await db.selectFrom('departments').select('id').where('name', '=', args.department).executeTakeFirstOrThrow() : null;
  const username = args.username ?? `user${counter}`;
  const { id } = await db
    .insertInto('users')
    .values({
      username,
      email: email.toLowerCase(),
      password_hash: await hashOf(password),
      role: args.role,
      status: args.status ?? 'active',
      department_id: department?.id ?? null,
      // a test on a manual clock creates its users at the clock's time: a standing counts sessions from then
      created_at: (args.createdAt ?? new Date()).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, email, password, username };
}

/** How many rows a query selects from (`db.selectFrom('users')`, with its where): what a request wrote, or left alone. */
export const countRows = async <TB extends keyof Database>(rows: SelectQueryBuilder<Database, TB, object>) =>
  Number((await rows.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

/** Signs a token as the server would (or with another secret, to forge one). exp is absolute, in seconds. */
export function signTestToken(claims: { user_id: number; role: string; username?: string; tv?: number }, opts: { exp?: number; secret?: string } = {}) {
  const exp = opts.exp ?? Math.floor(Date.now() / 1000) + 3600;
  return new SignJWT({ username: 'test', ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(opts.secret ?? TEST_JWT_SECRET));
}

/** The login id (jti) a server-signed token carries: what a face proof is bound to. */
export const tokenIdOf = (token: string) => decodeJwt(token).jti as string;

/**
 * Creates a user and logs in through POST /api/login (a pending or inactive user gets no token). `cookie`: the
 * server's device cookie that login set, as a Cookie header, for a caller that acts as that browser.
 */
export async function signInTestUser(srv: TestServer, args: Parameters<typeof createTestUser>[1]) {
  const user = await createTestUser(srv.db, args);
  if (args.status && args.status !== 'active') return { ...user, token: '', cookie: undefined };
  const res = await fetch(`${srv.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] || undefined;
  return { ...user, token: ((await res.json()) as { token: string }).token, cookie };
}
