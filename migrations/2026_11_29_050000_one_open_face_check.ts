import { type Kysely, sql } from 'kysely';

/**
 * Issue 33: one open live face check per student. Challenges of the upload flow that were issued and never used
 * (nothing came back for them) are closed as 'expired' first; then a partial unique index lets at most one row per
 * student stay open, so two starts at once, on one node or two, cannot both hold an open check. Schema builder only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('face_challenges')
    .set({ used_at: sql.ref('issued_at'), outcome: 'expired' })
    .where('used_at', 'is', null)
    .execute();
  await db.schema.createIndex('face_challenges_one_open').on('face_challenges').column('user_id').unique().where(sql.ref('used_at'), 'is', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('face_challenges_one_open').execute();
}
