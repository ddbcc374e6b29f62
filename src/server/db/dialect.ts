import { type Compilable, CompiledQuery, type ExpressionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Everything that differs between the two engines lives here: the embedded SQLite file and PostgreSQL for several
 * app nodes. Services ask these helpers instead of testing the engine themselves (migrations keep their own copy
 * of what they need, migrations/engine-columns.ts, so a landed migration never changes with app code).
 */
export type Engine = 'sqlite' | 'postgres';

/** Works on a Kysely instance and on a transaction alike (the Migrator hands migrations a transaction). */
export function engineOf(db: Kysely<any>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export const isPostgres = (db: Kysely<any>) => engineOf(db) === 'postgres';

/** True when `target` names a PostgreSQL server rather than a SQLite file. */
export const isPostgresUrl = (target: string) => /^postgres(ql)?:\/\//i.test(target);

/**
 * Substring search that ignores case on both engines: SQLite's LIKE already does (for ASCII), PostgreSQL's does not.
 */
export const likeInsensitive = (db: Kysely<any>) => (isPostgres(db) ? 'ilike' : 'like') as 'like' | 'ilike';

/** Opens a SELECT whose rows the SQLite connection returns as arrays (connect.ts puts its statement in raw mode). */
export const ARRAY_ROWS_MARK = '/* rows as arrays */ ';

/**
 * A SELECT's rows as arrays in its column order, for reads of many rows (the CSV export): on SQLite better-sqlite3's
 * raw mode builds no object per row; on PostgreSQL pg's row objects are turned into arrays (same values, same order).
 */
export async function arrayRows(db: Kysely<any>, query: Compilable): Promise<unknown[][]> {
  const { sql: text, parameters } = query.compile();
  if (isPostgres(db)) return (await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, [...parameters]))).rows.map(Object.values);
  return (await db.executeQuery<unknown[]>(CompiledQuery.raw(ARRAY_ROWS_MARK + text, [...parameters]))).rows;
}

/**
 * A unique constraint refused the write, told by the driver's error code, never by the message text (which
 * changes with the engine, its version and its locale): better-sqlite3's `SQLITE_CONSTRAINT_UNIQUE` (and
 * `_PRIMARYKEY`, the same thing for a primary key), PostgreSQL's SQLSTATE 23505.
 */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** A write's `.catch` when its unique index stands for a rule: that refusal becomes `conflict()`, any other error goes on. */
export const uniqueViolationAs =
  (conflict: () => Error) =>
  (err: unknown): never => {
    if (isUniqueViolation(err)) throw conflict();
    throw err;
  };

/** '50%_off' searched literally: LIKE's wildcards and the escape character itself are escaped. */
const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Users whose username or email contains `q`, whatever the case, on both engines (lower() LIKE with an explicit
 * escape): the admin's users list and the summary's student search read one rule.
 */
export const nameOrEmailContains =
  (q: string) =>
  <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>) => {
    const pattern = likePattern(q);
    return eb.or([eb(sql`lower(users.username)`, 'like', sql`${pattern} escape '\\'`), eb(sql`lower(users.email)`, 'like', sql`${pattern} escape '\\'`)]);
  };
