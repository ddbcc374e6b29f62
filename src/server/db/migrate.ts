import { type Kysely, Migrator, type MigrationProvider, sql } from 'kysely';
import { migrations } from '../../../migrations/index';
import { isPostgres } from './dialect';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Applies every pending migration; throws (naming the failing one) rather than starting on a half-migrated file.
 * Foreign keys are off while migrations run (SQLite ignores the pragma inside a transaction, and a table rebuild
 * must not cascade deletes into its children); a migration that rebuilds a table checks them itself.
 * On PostgreSQL the Migrator holds an advisory lock, so several nodes starting at once migrate once.
 */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const sqlite = !isPostgres(db);
  if (sqlite) await sql`pragma foreign_keys = off`.execute(db);
  try {
    const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) {
      throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`);
    }
    return (results ?? []).map((r) => r.migrationName);
  } finally {
    if (sqlite) await sql`pragma foreign_keys = on`.execute(db);
  }
}
