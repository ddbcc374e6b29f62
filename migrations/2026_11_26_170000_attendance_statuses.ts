import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Issue 24: attendance_records.status takes the four marks schools use: present, late, excused and absent. Only the
 * CHECK constraint changes. PostgreSQL replaces it in place; SQLite cannot alter a CHECK, so the table is rebuilt
 * from its own current definition (whatever columns later migrations added) with only the status list widened, its
 * rows copied and its indexes recreated. Nothing references attendance_records, so dropping the old table is safe.
 * Standalone on purpose: a landed migration imports nothing from src/.
 */
const NARROW = `('present', 'absent')`;
const WIDE = `('present', 'late', 'excused', 'absent')`;

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

async function setStatusCheck(db: Kysely<any>, from: string, to: string): Promise<void> {
  if (isPostgres(db)) {
    const checks = await sql<{ name: string; def: string }>`
      select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
      where conrelid = 'attendance_records'::regclass and contype = 'c'`.execute(db);
    for (const c of checks.rows.filter((r) => /\bstatus\b/.test(r.def) && /'present'/.test(r.def) && !/geofencing_status/.test(r.def)))
      await sql`alter table attendance_records drop constraint ${sql.ref(c.name)}`.execute(db);
    await sql`alter table attendance_records add constraint attendance_records_status_check check (status in ${sql.raw(to)})`.execute(db);
    return;
  }
  const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'attendance_records'`.execute(db);
  const definition = table.rows[0]?.sql ?? '';
  const at = definition.indexOf(`"status" text not null check (status in ${from})`);
  if (at < 0) throw new Error('attendance_records: the status CHECK is not the one this migration expects');
  const widened = definition
    .replace(`"status" text not null check (status in ${from})`, `"status" text not null check (status in ${to})`)
    .replace(/^create table "?attendance_records"?/i, 'create table "attendance_records_rebuilt"');
  const indexes = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'index' and tbl_name = 'attendance_records' and sql is not null`.execute(db);
  await sql.raw(widened).execute(db);
  await sql`insert into attendance_records_rebuilt select * from attendance_records`.execute(db);
  await sql`drop table attendance_records`.execute(db);
  await sql`alter table attendance_records_rebuilt rename to attendance_records`.execute(db);
  for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await setStatusCheck(db, NARROW, WIDE);
}

export async function down(db: Kysely<any>): Promise<void> {
  // Late was a present mark made late; excused an absence with leave: the two-status schema keeps them as those.
  await db.updateTable('attendance_records').set({ status: 'present' }).where('status', '=', 'late').execute();
  await db.updateTable('attendance_records').set({ status: 'absent' }).where('status', '=', 'excused').execute();
  await setStatusCheck(db, WIDE, NARROW);
}
