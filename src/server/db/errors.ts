/**
 * A unique constraint refused the write, told by the driver's error code, never by the message text (which
 * changes with the engine, its version and its locale): better-sqlite3's `SQLITE_CONSTRAINT_UNIQUE` (and
 * `_PRIMARYKEY`, the same thing for a primary key), PostgreSQL's SQLSTATE 23505.
 */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
