import { type Kysely, sql } from 'kysely';

/**
 * Issue 34: a face close to another account's no longer refuses the registration (or the face change); the account
 * waits and the department's teacher (or an admin) decides. duplicate_faces becomes the record of every collision:
 * - kind: 'registration' or 'face_change'; rows written before this are 'refused' (refused registrations, with the
 *   admin's allowance columns);
 * - user_id: the account that waits (a registration's new account, or the student whose face change collided);
 * - face_change_id: set when the collision came from a face change;
 * - decision ('twins', 'lookalikes': different people, let in; 'same_person': the waiting registration rejected or
 *   the face change declined), decided_by, decided_at.
 * Standalone on purpose: a landed migration imports nothing from src/.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('duplicate_faces')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('refused').check(sql`kind in ('refused', 'registration', 'face_change')`))
    .execute();
  await db.schema
    .alterTable('duplicate_faces')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('duplicate_faces')
    .addColumn('face_change_id', 'integer', (c) => c.references('face_changes.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('duplicate_faces')
    .addColumn('decision', 'text', (c) => c.check(sql`decision in ('twins', 'lookalikes', 'same_person')`))
    .execute();
  await db.schema
    .alterTable('duplicate_faces')
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('duplicate_faces').addColumn('decided_at', 'text').execute();
  await db.schema.createIndex('duplicate_faces_user').on('duplicate_faces').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('duplicate_faces_user').execute();
  for (const column of ['decided_at', 'decided_by', 'decision', 'face_change_id', 'user_id', 'kind'])
    await db.schema.alterTable('duplicate_faces').dropColumn(column).execute();
}
