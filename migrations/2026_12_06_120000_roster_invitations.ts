import type { Kysely } from 'kysely';

/**
 * Issue 39, the roster import: a student's roll number (unique within a department; null for students from before,
 * and SQLite and PostgreSQL both let nulls repeat in a unique index), and the one-time invitation an imported student
 * opens to set a password and take their photos. One row per invited student: a new link replaces the token's hash
 * (voiding the old link) and its expiry; used_at is set when the student completes registration. Only a SHA-256 hash
 * of the token is kept, so a copy of the database opens no account. Schema builder only: the same file serves both engines.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('roll_number', 'text').execute();
  await db.schema.createIndex('users_department_roll_number').unique().on('users').columns(['department_id', 'roll_number']).execute();
  await db.schema
    .createTable('roster_invitations')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('roster_invitations').execute();
  await db.schema.dropIndex('users_department_roll_number').execute();
  await db.schema.alterTable('users').dropColumn('roll_number').execute();
}
