import type { Kysely } from 'kysely';

/**
 * Issue 9 (admin reports): the detail CSV walks attendance by (marked_at, id) in keyset batches, and date filters
 * range over marked_at; the reports' in-memory facts catch up on changed rows by updated_at; a teacher filter and the deletion preview find a teacher's sessions by teacher_id (the
 * existing index on it covers open sessions only). Schema builder only: the same file serves SQLite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('attendance_marked_at_id').on('attendance_records').columns(['marked_at', 'id']).execute();
  await db.schema.createIndex('attendance_updated_at').on('attendance_records').column('updated_at').execute();
  await db.schema.createIndex('geofence_sessions_teacher').on('geofence_sessions').columns(['teacher_id', 'started_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('geofence_sessions_teacher').execute();
  await db.schema.dropIndex('attendance_updated_at').execute();
  await db.schema.dropIndex('attendance_marked_at_id').execute();
}
