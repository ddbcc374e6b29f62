import type { Kysely } from 'kysely';

/**
 * Issue 22 (the administrators' inbox): a contact message is open until an administrator marks it handled; who and
 * when are kept so a second administrator sees it was answered. Schema builder only: the same file serves both engines.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contact_messages').addColumn('handled_at', 'text').execute();
  // No foreign key: SQLite cannot drop a referencing column, and the inbox reads the name through a left join.
  await db.schema.alterTable('contact_messages').addColumn('handled_by', 'integer').execute();
  await db.schema.createIndex('contact_messages_handled').on('contact_messages').columns(['handled_at', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('contact_messages_handled').execute();
  for (const column of ['handled_by', 'handled_at']) await db.schema.alterTable('contact_messages').dropColumn(column).execute();
}
