import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Issue 24, sections 2 and 3.
 * - geofence_sessions.late_after_minutes: the grace period the teacher set at the start; a student's own mark made
 *   later than that after the start is written 'late'. Null on sessions started before this migration (no cut-off).
 * - leave_requests: a student's request for leave over a date range (Kolkata calendar days, inclusive), with a reason
 *   and an optional document image (a path under the uploads folder), decided by the department's teacher or an
 *   admin with a note. Deleting the student deletes their requests.
 * Standalone on purpose: a landed migration imports nothing from src/.
 */
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('geofence_sessions').addColumn('late_after_minutes', 'integer').execute();
  await db.schema
    .createTable('leave_requests')
    .addColumn('id', 'integer', (c) => (isPostgres(db) ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('from_date', 'text', (c) => c.notNull())
    .addColumn('to_date', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('document_path', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'approved', 'declined')`))
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'text')
    .addColumn('note', 'text')
    .addCheckConstraint('leave_requests_range_check', sql`from_date <= to_date`)
    .execute();
  await db.schema.createIndex('leave_requests_student_idx').on('leave_requests').columns(['student_id', 'status']).execute();
  await db.schema.createIndex('leave_requests_status_idx').on('leave_requests').columns(['status', 'requested_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('leave_requests').execute();
  await db.schema.alterTable('geofence_sessions').dropColumn('late_after_minutes').execute();
}
