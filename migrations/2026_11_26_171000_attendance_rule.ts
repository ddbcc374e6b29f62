import type { Kysely } from 'kysely';

/**
 * Issue 24 section 1, the attendance rule. A student who joins mid-semester is counted from their activation, which
 * nothing recorded: users.activated_at is set when a pending account is approved (a user created active counts from
 * created_at, so readers take coalesce(activated_at, created_at)). Existing accounts that are past pending get their
 * created_at, the best that is known of them. Two indexes serve the standing queries: a department's sessions by
 * start time, and each student's records with their session and status (the shortfall report reads only the index).
 * Schema builder only: the same file serves both engines; it imports nothing from src/.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('activated_at', 'text').execute();
  await db
    .updateTable('users')
    .set((eb) => ({ activated_at: eb.ref('created_at') }))
    .where('status', '!=', 'pending')
    .execute();
  await db.schema.createIndex('geofence_sessions_department_start').on('geofence_sessions').columns(['department_id', 'started_at']).execute();
  await db.schema.createIndex('attendance_student_session_status').on('attendance_records').columns(['student_id', 'session_id', 'status']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('attendance_student_session_status').execute();
  await db.schema.dropIndex('geofence_sessions_department_start').execute();
  await db.schema.alterTable('users').dropColumn('activated_at').execute();
}
