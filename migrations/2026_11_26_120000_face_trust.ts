import { type ColumnDataType, type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Issue 18 (the enrolled face stays the student's). Self-contained: a landed migration must not change because app
 * code did, so the two engine differences it needs are spelled out here.
 * - face_changes / face_change_images: a change of enrolled photos is a request the department's teacher (or an
 *   admin) decides; an admin's own change is applied at once. Every row stays: the history of a student's face.
 * - duplicate_faces: registrations refused because the face is already enrolled for another account, and the admin's
 *   decision to let one through (twins), with who used it.
 * - face_checks_in_flight: at most one face check per account at a time, whichever node runs it.
 * - face_verifications.token_id: a proof is spent only by the login (token) that earned it.
 * - attendance_attempts / attendance_records: the caller's address, user agent and the position's accuracy.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
  const real = (pg ? 'double precision' : 'real') as ColumnDataType;
  const blob = (pg ? 'bytea' : 'blob') as ColumnDataType;

  await db.schema
    .createTable('face_changes')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'approved', 'declined', 'applied', 'withdrawn')`))
    .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'text')
    .addColumn('distance', real)
    .addColumn('mean_embedding', blob)
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .execute();
  await db.schema.createIndex('face_changes_user').on('face_changes').columns(['user_id', 'requested_at']).execute();
  // One waiting request per student: a new one withdraws the old one first.
  await sql`create unique index face_changes_one_pending on face_changes (user_id) where status = 'pending'`.execute(db);

  await db.schema
    .createTable('face_change_images')
    .addColumn('id', 'integer', id)
    .addColumn('change_id', 'integer', (c) => c.notNull().references('face_changes.id').onDelete('cascade'))
    .addColumn('image_path', 'text', (c) => c.notNull())
    .addColumn('embedding', blob, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('face_change_images_change').on('face_change_images').column('change_id').execute();

  await db.schema
    .createTable('duplicate_faces')
    .addColumn('id', 'integer', id)
    .addColumn('email', pg ? sql`citext` : 'text', (c) => (pg ? c.notNull() : c.notNull().modifyEnd(sql`collate nocase`)))
    .addColumn('username', 'text')
    .addColumn('matched_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('distance', real, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('allowed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('allowed_at', 'text')
    .addColumn('used_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('duplicate_faces_email').on('duplicate_faces').columns(['email', 'created_at']).execute();

  await db.schema
    .createTable('face_checks_in_flight')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('face_verifications').addColumn('token_id', 'text').execute();
  for (const table of ['attendance_attempts', 'attendance_records']) {
    await db.schema.alterTable(table).addColumn('ip', 'text').execute();
    await db.schema.alterTable(table).addColumn('user_agent', 'text').execute();
    await db.schema.alterTable(table).addColumn('accuracy_m', real).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['attendance_records', 'attendance_attempts']) {
    for (const column of ['accuracy_m', 'user_agent', 'ip']) await db.schema.alterTable(table).dropColumn(column).execute();
  }
  await db.schema.alterTable('face_verifications').dropColumn('token_id').execute();
  for (const table of ['face_checks_in_flight', 'duplicate_faces', 'face_change_images', 'face_changes']) await db.schema.dropTable(table).execute();
}
