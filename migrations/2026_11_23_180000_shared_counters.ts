import { type Kysely, sql } from 'kysely';
import { isPostgres } from './engine-columns';

/**
 * Counters every app node shares:
 * - rate_limits: fixed-window counters (the registration allowance per address); a node's memory would give each
 *   node its own allowance.
 * - an index of open sessions by end time: every node's expiry sweep asks for the due ones once a second.
 * - On PostgreSQL the counters that every geofence check and registration writes (geofence_checks, rate_limits) are
 *   UNLOGGED: their commits skip the WAL flush, which would otherwise dominate the class-start burst of geofence
 *   checks. What a database server crash costs is a reset count (a student gets a fresh allowance of checks),
 *   which SQLite's synchronous=NORMAL risks on a power cut too. Attendance, users and login failures stay logged.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('window_ends_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_window').on('rate_limits').column('window_ends_at').execute();
  await sql`create index geofence_sessions_open_ends on geofence_sessions (ends_at) where ended_at is null`.execute(db);
  if (isPostgres(db)) {
    await sql`alter table rate_limits set unlogged`.execute(db);
    await sql`alter table geofence_checks set unlogged`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await sql`alter table geofence_checks set logged`.execute(db);
  await db.schema.dropIndex('geofence_sessions_open_ends').execute();
  await db.schema.dropTable('rate_limits').execute();
}
