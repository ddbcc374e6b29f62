import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Which engine this test run uses: the PostgreSQL pass of `npm test` (vitest.config.ts) sets ROLLCALL_TEST_ENGINE,
 * and TEST_DATABASE_URL names a server database we may create databases from. Everything else runs on SQLite.
 */
export const testEngine: 'sqlite' | 'postgres' = process.env.ROLLCALL_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/** The server to create test databases on, or undefined when none is configured. */
export const testServerUrl = process.env.TEST_DATABASE_URL || undefined;

/** Every database of one `npm test` run starts with this, so global teardown can drop what a crash left behind. */
export const runPrefix = () => process.env.ROLLCALL_TEST_DB_PREFIX ?? 'rollcall_t_';

let counter = 0;

async function withAdmin<T>(run: (c: pg.Client) => Promise<T>): Promise<T> {
  if (!testServerUrl) throw new Error('TEST_DATABASE_URL is not set: no PostgreSQL server to create a test database on');
  const client = new pg.Client({ connectionString: testServerUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  /** postgres:// URL of the new, empty database. */
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty PostgreSQL database on the TEST_DATABASE_URL server, dropped (connections and all) by drop(). */
export async function createPostgresDatabase(): Promise<TestDatabase> {
  counter += 1;
  const name = `${runPrefix()}${process.pid}_${counter}_${randomBytes(3).toString('hex')}`;
  await withAdmin((c) => c.query(`create database "${name}"`));
  const url = new URL(testServerUrl!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withAdmin((c) => c.query(`drop database if exists "${name}" with (force)`)).then(() => undefined),
  };
}

/** For this run's engine: a PostgreSQL database (with its URL for DATABASE_URL), or undefined for a SQLite file. */
export const createTestDatabase = async (): Promise<TestDatabase | undefined> => (testEngine === 'postgres' ? createPostgresDatabase() : undefined);

/** Drops every database whose name starts with `prefix` (what a crashed test run left behind). */
export async function dropTestDatabases(prefix: string) {
  await withAdmin(async (c) => {
    const { rows } = await c.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [prefix]);
    for (const { datname } of rows) await c.query(`drop database if exists "${datname}" with (force)`);
  });
}

/** Whether a PostgreSQL server answers at TEST_DATABASE_URL. */
export async function postgresAnswers(): Promise<boolean> {
  if (!testServerUrl) return false;
  return withAdmin((c) => c.query('select 1')).then(
    () => true,
    () => false,
  );
}
