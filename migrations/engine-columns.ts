import { type ColumnDataType, type ColumnDefinitionBuilder, type Expression, type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The engine switches the migrations use, copied from src/server/db/dialect.ts as they were when the first migrations
 * landed: a landed migration must not change because app code did. Frozen like the migrations themselves; a migration
 * that needs another column type writes it in its own file.
 */
export const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Ids: SQLite's AUTOINCREMENT, PostgreSQL's identity column. Reals: PostgreSQL's `real` is 4 bytes (a metre of error
 * on a latitude), so it gets `double precision`, what SQLite's REAL is. Case-insensitive text (emails): SQLite's
 * NOCASE collation, PostgreSQL's citext.
 */
export function columnTypes(db: Kysely<any>) {
  const pg = isPostgres(db);
  return {
    real: (pg ? 'double precision' : 'real') as ColumnDataType,
    blob: (pg ? 'bytea' : 'blob') as ColumnDataType,
    noCaseText: (pg ? sql`citext` : 'text') as ColumnDataType | Expression<unknown>,
    noCase: (c: ColumnDefinitionBuilder) => (pg ? c : c.modifyEnd(sql`collate nocase`)),
    id: (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()),
  };
}
