import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import { ARRAY_ROWS_MARK, isPostgresUrl } from './dialect';
import type { Database } from './schema';
import { logger } from '../lib/logger';

export type DB = Kysely<Database>;

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew, and preparing costs as much as running a small query. Statements are reusable
 * in better-sqlite3 (it is synchronous, so one is never used twice at once), so keep the recent ones by SQL text.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let stmt = cache.get(sql);
      if (stmt) {
        cache.delete(sql);
      } else {
        stmt = sqlite.prepare(sql);
        // arrayRows (dialect.ts): rows as arrays, no object per row. The marked text is its own cache entry.
        if (sql.startsWith(ARRAY_ROWS_MARK)) stmt.raw(true);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, stmt);
      return stmt;
    },
  };
}

/**
 * The database holds password hashes and face descriptors: its folder is 0700 and the file 0600 (SQLite gives its
 * -wal and -shm files the database file's mode). Files made by an older version are tightened too.
 */
function privateDatabaseFile(file: string) {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  for (const f of [file, `${file}-wal`, `${file}-shm`]) if (fs.existsSync(f)) fs.chmodSync(f, 0o600);
}

/**
 * pg returns 64-bit integers (COUNT, SUM of integers) and NUMERIC (AVG) as strings, to be exact past 2^53; our
 * counts are far below that, and SQLite returns numbers, so both engines hand services plain numbers.
 */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8) return (v: string) => Number.parseInt(v, 10);
    if (oid === pg.types.builtins.NUMERIC) return (v: string) => Number.parseFloat(v);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/**
 * A pool of connections to a PostgreSQL server (several app nodes share it). `poolSize` bounds this node's share of
 * the server's max_connections.
 */
function connectPostgres(url: string, poolSize: number): DB {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types: pgTypes });
  // An idle client losing its server (a restart) emits here; without a listener it would crash the process.
  pool.on('error', (err) => logger.error({ err: err.message }, 'db: idle PostgreSQL connection failed'));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * `target` is a postgres:// URL (DATABASE_URL) or a SQLite file path: the SQLite file is opened in WAL mode with
 * foreign keys enforced, its directory created if missing.
 */
export function connectDatabase(target: string, opts: { poolSize?: number } = {}): DB {
  if (isPostgresUrl(target)) return connectPostgres(target, opts.poolSize ?? 10);
  const file = target;
  if (file !== ':memory:') privateDatabaseFile(file);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

/**
 * Runs `work` in a transaction, or in the caller's when `db` already is one (a seed writing a whole class in one
 * transaction calls the same services as a request does; Kysely refuses a transaction inside a transaction).
 */
export function inTransaction<T>(db: DB, work: (trx: DB) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
