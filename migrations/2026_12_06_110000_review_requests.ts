import { type Kysely, sql } from 'kysely';
import { columnTypes } from './engine-columns';

/**
 * Issue 39: a student refused in the room asks their teacher to look ('I am in class: ask my teacher').
 * - review_requests: one per student per session (the unique key is the bound: a declined student cannot ask again),
 *   open until the session's teacher (or an admin) marks them present or declines, the student is marked another way
 *   (resolved: their own mark on a retry, the teacher's manual or bulk mark), or the session ends (expired).
 * - attendance_records.reviewed: 1 on a mark the teacher made from a review request ('reviewed by the teacher'), so
 *   every list and CSV can say so without reading the requests.
 * - review_stills: a refused face check's best frame (a small JPEG under the uploads folder), one per student per
 *   session, the last refusal's; kept only while a request may still come or is open.
 * Schema builder only: the same file serves both engines.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('review_requests')
    .addColumn('id', 'integer', t.id)
    .addColumn('session_id', 'integer', (c) => c.notNull().references('geofence_sessions.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'marked', 'declined', 'expired', 'resolved')`))
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'text')
    .addUniqueConstraint('review_requests_one_per_session', ['session_id', 'student_id'])
    .execute();
  await db.schema
    .createTable('review_stills')
    .addColumn('id', 'integer', t.id)
    .addColumn('session_id', 'integer', (c) => c.notNull().references('geofence_sessions.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('image_path', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('review_stills_one_per_session', ['session_id', 'student_id'])
    .execute();
  await db.schema.createIndex('review_requests_status_idx').on('review_requests').columns(['status', 'session_id']).execute();
  await db.schema
    .alterTable('attendance_records')
    .addColumn('reviewed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('attendance_records').dropColumn('reviewed').execute();
  await db.schema.dropTable('review_stills').execute();
  await db.schema.dropTable('review_requests').execute();
}
