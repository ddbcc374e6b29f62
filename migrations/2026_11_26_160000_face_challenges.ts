import type { Kysely } from 'kysely';

/**
 * Issue 20: the face check's random challenge (turn left or right, blink, in an order), issued by the server as the
 * camera starts recording. Single use, bound to the student and the login (token_id), expiring 20 s after issue;
 * `arrived_at` is when its upload first arrived (a retry after a busy answer may follow), `used_at` and `outcome`
 * when the engine judged it. `session_id`: the department's open session when issued, so failed challenges are
 * counted per session. face_verifications.challenge_id ties a verdict to its challenge. Schema builder only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('face_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_id', 'text')
    .addColumn('session_id', 'integer', (c) => c.references('geofence_sessions.id').onDelete('set null'))
    .addColumn('steps', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('arrived_at', 'text')
    .addColumn('used_at', 'text')
    .addColumn('outcome', 'text')
    .execute();
  await db.schema.createIndex('face_challenges_user_session').on('face_challenges').columns(['user_id', 'session_id', 'outcome']).execute();
  await db.schema.alterTable('face_verifications').addColumn('challenge_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('face_verifications').dropColumn('challenge_id').execute();
  await db.schema.dropTable('face_challenges').execute();
}
