import type { Kysely } from 'kysely';

/**
 * Issue 19: settings an administrator changes in the app rather than in the environment (the campus networks first;
 * later a required attendance rate, a semester). One row per key, its value JSON text, so a new setting needs no
 * migration; every app node reads the same row. Schema builder only: the same file serves both engines.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('app_settings').execute();
}
