import type { Kysely } from 'kysely';

/**
 * Issue 19 (room code): a session that requires the code shown in the room keeps a random secret; the code of each
 * 15-second window is an HMAC of it and the window number, so every app node derives the same code without storing
 * one per window. Null: the session does not require a code. Schema builder only: the same file serves both engines.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('geofence_sessions').addColumn('room_code_secret', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('geofence_sessions').dropColumn('room_code_secret').execute();
}
