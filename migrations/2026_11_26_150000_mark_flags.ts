import type { Kysely } from 'kysely';

/**
 * Issue 19 (marks a teacher can trust at a glance). Schema builder only: the same file serves both engines.
 * - attendance_records.device_id / attendance_attempts.device_id: the browser's own random id (localStorage).
 * - attendance_attempts.off_campus: 1 when CAMPUS_NETWORKS was set and the attempt came from outside it, 0 when it
 *   came from inside, null when no campus network was set.
 * - attendance_records.mark_flags: why an own present mark deserves a second look, one bit per flag code, kept
 *   current by the marking transaction for the whole session (a mark can flag an earlier one), so the admin
 *   reports count flagged marks from an integer. mark_flag_refs: the JSON the reasons' texts are made of (the other
 *   students' ids, counts), so a list or an export never recomputes a session.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('attendance_records').addColumn('device_id', 'text').execute();
  await db.schema
    .alterTable('attendance_records')
    .addColumn('mark_flags', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('attendance_records').addColumn('mark_flag_refs', 'text').execute();
  await db.schema.alterTable('attendance_attempts').addColumn('device_id', 'text').execute();
  await db.schema.alterTable('attendance_attempts').addColumn('off_campus', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['off_campus', 'device_id']) await db.schema.alterTable('attendance_attempts').dropColumn(column).execute();
  for (const column of ['mark_flag_refs', 'mark_flags', 'device_id']) await db.schema.alterTable('attendance_records').dropColumn(column).execute();
}
