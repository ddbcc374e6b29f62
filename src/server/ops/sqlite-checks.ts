import fs from 'node:fs';
import type SQLite from 'better-sqlite3';
import { migrations } from '../../../migrations/index';

const HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/** Whether the file starts with SQLite's 16-byte header (an empty or foreign file does not). */
export function hasSqliteHeader(file: string): boolean {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(HEADER.length);
    return fs.readSync(fd, head, 0, head.length, 0) === head.length && head.equals(HEADER);
  } finally {
    fs.closeSync(fd);
  }
}

/** PRAGMA integrity_check: 'ok', or the first problems it lists. */
export function integrityOf(sqlite: SQLite.Database): string {
  const rows = sqlite.prepare('pragma integrity_check(20)').pluck().all() as string[];
  return rows.length === 1 && rows[0] === 'ok' ? 'ok' : rows.slice(0, 5).join('; ');
}

export type SchemaState = { ok: true; applied: string[]; pending: string[]; latest: string } | { ok: false; problem: string };

/**
 * Where a database stands in this version's migrations (Kysely's kysely_migration table): a file without the table
 * is not Roll Call's, and one with a migration this version does not know was written by a newer version.
 */
export function schemaStateOf(sqlite: SQLite.Database): SchemaState {
  const known = Object.keys(migrations).sort();
  const hasTable = sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
  if (!hasTable) return { ok: false, problem: 'it is not a Roll Call database (it has no migrations table)' };
  const applied = (sqlite.prepare('select name from kysely_migration order by name').pluck().all() as string[]).sort();
  const unknown = applied.filter((m) => !known.includes(m));
  if (unknown.length) return { ok: false, problem: `it was written by a newer version of Roll Call (unknown migrations: ${unknown.join(', ')})` };
  if (!applied.includes(known[0]) || !sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = 'users'").get()) {
    return { ok: false, problem: 'it is not a Roll Call database (the initial schema is missing)' };
  }
  return { ok: true, applied, pending: known.filter((m) => !applied.includes(m)), latest: applied[applied.length - 1] };
}

/**
 * Backup and restore work on the embedded SQLite file. With DATABASE_URL naming a PostgreSQL server they
 * would act on a file the app does not use, so they refuse, saying what to use instead.
 */
export function refuseUnlessSqlite(what: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const url = env.DATABASE_URL ?? '';
  if (!/^postgres(ql)?:/i.test(url)) return null;
  return `${what} works on the embedded SQLite file only, and DATABASE_URL points to PostgreSQL: use the server's own tools (pg_dump, pg_restore) there.`;
}
