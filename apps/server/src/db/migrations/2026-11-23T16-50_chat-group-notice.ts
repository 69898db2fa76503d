import type { Kysely } from 'kysely';

/**
 * A chat group's announcement (群公告): its text, when it was set and by whom (a user id of the group's tenant).
 * No announcement: all three null. One statement per column, since SQLite adds one column per ALTER TABLE.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_groups').addColumn('notice', 'text').execute();
  await db.schema.alterTable('chat_groups').addColumn('notice_at', 'varchar(32)').execute();
  await db.schema.alterTable('chat_groups').addColumn('notice_by', 'varchar(64)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_groups').dropColumn('notice_by').execute();
  await db.schema.alterTable('chat_groups').dropColumn('notice_at').execute();
  await db.schema.alterTable('chat_groups').dropColumn('notice').execute();
}
