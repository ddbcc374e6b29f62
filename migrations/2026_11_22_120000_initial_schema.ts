import { type Kysely, sql } from 'kysely';
import { columnTypes, isPostgres } from './engine-columns';

/** The whole data model of SPEC section 3, designed up front so later issues only add code. Frozen once landed. */
export async function up(db: Kysely<any>): Promise<void> {
  const t = columnTypes(db);
  // PostgreSQL's case-insensitive text type (a trusted extension: a database owner may create it).
  if (isPostgres(db)) await sql`create extension if not exists citext`.execute(db);
  await db.schema
    .createTable('departments')
    .addColumn('id', 'integer', t.id)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .execute();
  await db
    .insertInto('departments')
    .values(['IMSCIT', 'IMCA', 'BCA', 'BSCIT', 'MBA'].map((name) => ({ name })))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', t.id)
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('email', t.noCaseText, (c) => t.noCase(c.notNull()))
    .addColumn('phone_number', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('student', 'teacher', 'admin')`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('inactive').check(sql`status in ('active', 'inactive')`))
    .addColumn('department_id', 'integer', (c) => c.references('departments.id').onDelete('set null'))
    .addColumn('last_login', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The column ignores case (NOCASE, citext), so this index makes email unique case-insensitively and serves lookups.
  await db.schema.createIndex('users_email_unique').unique().on('users').column('email').execute();
  await db.schema.createIndex('users_department_role_status').on('users').columns(['department_id', 'role', 'status']).execute();

  await db.schema
    .createTable('face_enrollments')
    .addColumn('id', 'integer', t.id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('image_path', 'text', (c) => c.notNull())
    .addColumn('captured_at', 'text', (c) => c.notNull())
    .addColumn('embedding', t.blob)
    .execute();
  await db.schema.createIndex('face_enrollments_user').on('face_enrollments').column('user_id').execute();

  // The mean of a user's enrollment descriptors: what a verification compares against.
  await db.schema
    .createTable('face_templates')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('mean_embedding', t.blob, (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('geofence_sessions')
    .addColumn('id', 'integer', t.id)
    .addColumn('teacher_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('department_id', 'integer', (c) => c.notNull().references('departments.id'))
    .addColumn('latitude', t.real, (c) => c.notNull())
    .addColumn('longitude', t.real, (c) => c.notNull())
    .addColumn('radius_m', t.real, (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .addColumn('end_reason', 'text', (c) => c.check(sql`end_reason in ('manual', 'expired')`))
    .execute();
  // At most one open session per teacher, enforced by the database itself.
  await sql`create unique index geofence_sessions_one_open on geofence_sessions (teacher_id) where ended_at is null`.execute(db);
  await db.schema.createIndex('geofence_sessions_department_open').on('geofence_sessions').columns(['department_id', 'ended_at']).execute();

  await db.schema
    .createTable('face_verifications')
    .addColumn('id', 'integer', t.id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('blink_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('similarity', t.real)
    .addColumn('verdict', 'text', (c) => c.notNull().check(sql`verdict in ('accepted', 'rejected', 'error')`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('duration_ms', 'integer')
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('face_verifications_user_time').on('face_verifications').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('attendance_records')
    .addColumn('id', 'integer', t.id)
    .addColumn('session_id', 'integer', (c) => c.notNull().references('geofence_sessions.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('present', 'absent')`))
    .addColumn('marked_at', 'text', (c) => c.notNull())
    .addColumn('latitude', t.real)
    .addColumn('longitude', t.real)
    .addColumn('radius_m', t.real)
    .addColumn('geofencing_status', 'text', (c) => c.check(sql`geofencing_status in ('valid', 'invalid')`))
    .addColumn('face_recognition_status', 'text')
    .addColumn('face_verification_id', 'integer', (c) => c.references('face_verifications.id').onDelete('set null'))
    .addColumn('manual_override', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('marked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('attendance_one_per_session', ['session_id', 'student_id'])
    .execute();
  await db.schema.createIndex('attendance_student_time').on('attendance_records').columns(['student_id', 'marked_at']).execute();
  await db.schema.createIndex('attendance_marked_by').on('attendance_records').column('marked_by').execute();

  // Every mark attempt, refused or not, for audit.
  await db.schema
    .createTable('attendance_attempts')
    .addColumn('id', 'integer', t.id)
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', 'integer', (c) => c.references('geofence_sessions.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('latitude', t.real)
    .addColumn('longitude', t.real)
    .addColumn('distance_m', t.real)
    .addColumn('outcome', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('attendance_attempts_student').on('attendance_attempts').columns(['student_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'attendance_attempts',
    'attendance_records',
    'face_verifications',
    'geofence_sessions',
    'face_templates',
    'face_enrollments',
    'users',
    'departments',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
