import { type Kysely, Migrator, type MigrationProvider } from 'kysely';
import { migrations } from '../../../migrations/index';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies every pending migration; throws (naming the failing one) rather than starting on a half-migrated file. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}
