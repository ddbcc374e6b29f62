import type { Kysely } from 'kysely';

/**
 * Issue 35: the final mark needs a fresh geofence step of its own. One row per login (token_id) of a student in a
 * session, rewritten at each geofence step that passed (inside the circle, room code accepted): when it passed, the
 * window of the room code it accepted (null when the session asks for none), and the step's address and attested
 * device. The final mark reads it to refuse a mark without such a step, and its attempts stay in attendance_attempts.
 * Schema builder only: the same file serves both engines.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('passed_geofence_steps')
    .addColumn('session_id', 'integer', (c) => c.notNull().references('geofence_sessions.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('code_window', 'integer')
    .addColumn('ip', 'text')
    .addColumn('device_id', 'text')
    .addPrimaryKeyConstraint('passed_geofence_steps_pk', ['session_id', 'student_id', 'token_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('passed_geofence_steps').execute();
}
