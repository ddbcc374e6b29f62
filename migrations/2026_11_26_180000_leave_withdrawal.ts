import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Issue 24: a student may withdraw a pending leave request, so leave_requests.status takes 'withdrawn' (decided_at
 * then holds when). Only the CHECK constraint changes. PostgreSQL replaces it in place; SQLite cannot alter a CHECK,
 * so the table is rebuilt from its own current definition with only the status list widened, its rows copied and its
 * indexes recreated. Nothing references leave_requests, so dropping the old table is safe.
 * Standalone on purpose: a landed migration imports nothing from src/.
 */
const NARROW = `('pending', 'approved', 'declined')`;
const WIDE = `('pending', 'approved', 'declined', 'withdrawn')`;

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

async function setStatusCheck(db: Kysely<any>, from: string, to: string): Promise<void> {
  if (isPostgres(db)) {
    const checks = await sql<{ name: string; def: string }>`
      select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
      where conrelid = 'leave_requests'::regclass and contype = 'c'`.execute(db);
    for (const c of checks.rows.filter((r) => /\bstatus\b/.test(r.def) && /'pending'/.test(r.def)))
      await sql`alter table leave_requests drop constraint ${sql.ref(c.name)}`.execute(db);
    await sql`alter table leave_requests add constraint leave_requests_status_check check (status in ${sql.raw(to)})`.execute(db);
    return;
  }
  const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'leave_requests'`.execute(db);
  const definition = table.rows[0]?.sql ?? '';
  const column = (list: string) => `"status" text default 'pending' not null check (status in ${list})`;
  if (!definition.includes(column(from))) throw new Error('leave_requests: the status CHECK is not the one this migration expects');
  const widened = definition.replace(column(from), column(to)).replace(/^create table "?leave_requests"?/i, 'create table "leave_requests_rebuilt"');
  const indexes = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'index' and tbl_name = 'leave_requests' and sql is not null`.execute(db);
  await sql.raw(widened).execute(db);
  await sql`insert into leave_requests_rebuilt select * from leave_requests`.execute(db);
  await sql`drop table leave_requests`.execute(db);
  await sql`alter table leave_requests_rebuilt rename to leave_requests`.execute(db);
  for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await setStatusCheck(db, NARROW, WIDE);
}

export async function down(db: Kysely<any>): Promise<void> {
  // A withdrawn request was never decided: the three-status schema has no word for it, so it goes.
  await db.deleteFrom('leave_requests').where('status', '=', 'withdrawn').execute();
  await setStatusCheck(db, WIDE, NARROW);
}
