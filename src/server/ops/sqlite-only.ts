/**
 * Backup and restore work on the embedded SQLite file. With DATABASE_URL naming a PostgreSQL server they
 * would act on a file the app does not use, so they refuse, saying what to use instead.
 */
export function refuseUnlessSqlite(what: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const url = env.DATABASE_URL ?? '';
  if (!/^postgres(ql)?:/i.test(url)) return null;
  return `${what} works on the embedded SQLite file only, and DATABASE_URL points to PostgreSQL: use the server's own tools (pg_dump, pg_restore) there.`;
}
