import { type Kysely, sql } from 'kysely';
import { columnTypes, isPostgres } from './engine-columns';

/**
 * Issue 12 (security):
 * - users.status gains 'pending' (registered, never approved) beside 'inactive' (deactivated), and
 *   users.token_version, bumped to revoke every token of a user. SQLite cannot change a CHECK constraint in place,
 *   so the table is rebuilt (migrateToLatest turns foreign keys off around migrations, as SQLite's procedure asks).
 *   Accounts inactive before this migration were all awaiting approval: they become 'pending'.
 * - login_failures: failed logins per email and address pair, kept across restarts.
 * - geofence_checks: how often a student checked their position in a session, and how often from outside.
 * PostgreSQL changes the constraint in place (and a rebuild there would drop the foreign keys pointing at users).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await alterUsersInPlace(db);
  else await rebuildUsers(db);
  await createCounters(db);
}

async function alterUsersInPlace(db: Kysely<any>) {
  await sql`alter table users drop constraint users_status_check`.execute(db);
  await sql`update users set status = 'pending' where status = 'inactive'`.execute(db);
  await sql`alter table users
    add constraint users_status_check check (status in ('pending', 'active', 'inactive')),
    alter column status set default 'pending',
    add column token_version integer not null default 0`.execute(db);
}

async function rebuildUsers(db: Kysely<any>) {
  const t = columnTypes(db);
  await db.schema
    .createTable('users_new')
    .addColumn('id', 'integer', t.id)
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('email', t.noCaseText, (c) => t.noCase(c.notNull()))
    .addColumn('phone_number', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('student', 'teacher', 'admin')`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'active', 'inactive')`))
    .addColumn('department_id', 'integer', (c) => c.references('departments.id').onDelete('set null'))
    .addColumn('last_login', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    insert into users_new (id, username, email, phone_number, password_hash, role, status, department_id, last_login, created_at, token_version)
    select id, username, email, phone_number, password_hash, role,
           case status when 'inactive' then 'pending' else status end,
           department_id, last_login, created_at, 0
    from users`.execute(db);
  await db.schema.dropTable('users').execute();
  await db.schema.alterTable('users_new').renameTo('users').execute();
  await db.schema.createIndex('users_email_unique').unique().on('users').column('email').execute();
  await db.schema.createIndex('users_department_role_status').on('users').columns(['department_id', 'role', 'status']).execute();
  const broken = await sql`pragma foreign_key_check`.execute(db);
  if (broken.rows.length) throw new Error(`users rebuild broke ${broken.rows.length} foreign keys`);
}

async function createCounters(db: Kysely<any>) {
  await db.schema
    .createTable('login_failures')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failed_at', 'text', (c) => c.notNull())
    .addColumn('blocked_until', 'text')
    .addPrimaryKeyConstraint('login_failures_pk', ['email', 'ip'])
    .execute();
  await db.schema.createIndex('login_failures_last').on('login_failures').column('last_failed_at').execute();

  await db.schema
    .createTable('geofence_checks')
    .addColumn('session_id', 'integer', (c) => c.notNull().references('geofence_sessions.id').onDelete('cascade'))
    .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('checks', 'integer', (c) => c.notNull())
    .addColumn('outside', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('geofence_checks_pk', ['session_id', 'student_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('geofence_checks').execute();
  await db.schema.dropTable('login_failures').execute();
  if (isPostgres(db)) {
    await sql`alter table users drop constraint users_status_check, drop column token_version`.execute(db);
    await sql`update users set status = 'inactive' where status = 'pending'`.execute(db);
    await sql`alter table users add constraint users_status_check check (status in ('active', 'inactive')), alter column status set default 'inactive'`.execute(
      db,
    );
    return;
  }
  const t = columnTypes(db);
  await db.schema
    .createTable('users_old')
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
  await sql`
    insert into users_old (id, username, email, phone_number, password_hash, role, status, department_id, last_login, created_at)
    select id, username, email, phone_number, password_hash, role, case status when 'active' then 'active' else 'inactive' end,
           department_id, last_login, created_at
    from users`.execute(db);
  await db.schema.dropTable('users').execute();
  await db.schema.alterTable('users_old').renameTo('users').execute();
  await db.schema.createIndex('users_email_unique').unique().on('users').column('email').execute();
  await db.schema.createIndex('users_department_role_status').on('users').columns(['department_id', 'role', 'status']).execute();
}
