import type { Kysely } from 'kysely';

/**
 * Issue 35: a face check keeps the address it came from (as TRUST_PROXY resolves it), so the final mark can flag a
 * mark whose steps came from different networks (a face check at home, the mark sent from school with the same
 * login). Earlier checks have none. Standalone on purpose: a landed migration imports nothing from src/.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('face_verifications').addColumn('ip', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('face_verifications').dropColumn('ip').execute();
}
