import type { Kysely } from 'kysely';

/**
 * Read receipts (issue 14): `chat_inbox.seen_at` is when the recipient read the message while sharing read
 * receipts (read_at stays the unread state of every device, receipts or not); `chat_user_state.read_receipts`
 * is the privacy setting of the personal center, 1 (on) by default. One statement per column for SQLite.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_inbox').addColumn('seen_at', 'varchar(32)').execute();
  await db.schema
    .alterTable('chat_user_state')
    .addColumn('read_receipts', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_user_state').dropColumn('read_receipts').execute();
  await db.schema.alterTable('chat_inbox').dropColumn('seen_at').execute();
}
