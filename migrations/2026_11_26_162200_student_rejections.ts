import type { Kysely } from 'kysely';

/**
 * Issue 22: a teacher rejects a pending student, optionally saying why. The account becomes inactive (the users
 * table keeps its status values); this row says it was a rejection and carries the reason the student reads at
 * login. Deleting the user deletes it. Schema builder only: the same file serves both engines.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('student_rejections')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text')
    .addColumn('rejected_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('rejected_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('student_rejections').execute();
}
