import type { Kysely } from 'kysely';

/**
 * Issue 35: a face check keeps the address it came from (as TRUST_PROXY resolves it) and the device the server's own
 * cookie names (rc_device), so the final mark can flag steps from different networks and refuse steps from two
 * devices (a face check at home, the mark sent from school with the same login). Earlier checks have neither. Standalone on purpose: a landed migration imports nothing from src/.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('face_verifications').addColumn('ip', 'text').execute();
  await db.schema.alterTable('face_verifications').addColumn('device_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('face_verifications').dropColumn('device_id').execute();
  await db.schema.alterTable('face_verifications').dropColumn('ip').execute();
}
