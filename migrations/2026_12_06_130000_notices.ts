import { type Kysely, sql } from 'kysely';
import { columnTypes } from './engine-columns';

/**
 * Issue 39, warnings that reach people.
 * - notices: what a user is told in the app (the bell): a kind and its facts as JSON, the words chosen where it is
 *   shown; read_at once the user has read it. Deleting the user deletes their notices.
 * - notice_emails: the email queue (only written when SMTP is set): one row a recipient (the user, or a student's
 *   guardian), claimed by one node at a time until lease_until, retried at next_attempt_at, then 'sent' or 'failed'.
 * - notice_warning_states: a warning a student has been sent and whose condition still holds (below the rule, absent
 *   in a row); the row goes when the condition ends, so a warning goes out once a crossing.
 * - users.guardian_email: an optional address the student's warnings are copied to.
 * - geofence_sessions.warnings_checked_at: set by the one check of the warnings after a session ends; sessions that
 *   ended before this migration count as checked, so an upgrade sends no old warnings.
 * Standalone on purpose: a landed migration imports nothing from src/ (engine-columns.ts is migrations' own).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('notices')
    .addColumn('id', 'integer', t.id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .execute();
  await db.schema.createIndex('notices_user_idx').on('notices').columns(['user_id', 'id']).execute();
  await db.schema
    .createTable('notice_emails')
    .addColumn('id', 'integer', t.id)
    .addColumn('notice_id', 'integer', (c) => c.notNull().references('notices.id').onDelete('cascade'))
    .addColumn('recipient', 'text', (c) => c.notNull().check(sql`recipient in ('user', 'guardian')`))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued').check(sql`status in ('queued', 'sending', 'sent', 'failed')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('claim', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('notice_emails_due_idx').on('notice_emails').columns(['status', 'next_attempt_at']).execute();
  await db.schema
    .createTable('notice_warning_states')
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('below_rule', 'absent_streak')`))
    .addColumn('since', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notice_warning_states_pk', ['student_id', 'kind'])
    .execute();
  await db.schema.alterTable('users').addColumn('guardian_email', 'text').execute();
  await db.schema.alterTable('geofence_sessions').addColumn('warnings_checked_at', 'text').execute();
  await db.updateTable('geofence_sessions').set({ warnings_checked_at: sql`ended_at` }).where('ended_at', 'is not', null).execute();
  await db.schema.createIndex('geofence_sessions_unwarned_idx').on('geofence_sessions').column('warnings_checked_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('geofence_sessions_unwarned_idx').execute();
  await db.schema.alterTable('geofence_sessions').dropColumn('warnings_checked_at').execute();
  await db.schema.alterTable('users').dropColumn('guardian_email').execute();
  await db.schema.dropTable('notice_warning_states').execute();
  await db.schema.dropTable('notice_emails').execute();
  await db.schema.dropTable('notices').execute();
}
