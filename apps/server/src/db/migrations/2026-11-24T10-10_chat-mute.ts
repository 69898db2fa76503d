import type { Kysely } from 'kysely';

/**
 * Muted conversations (issue 14): `chat_conversations.muted` is 1 when the user muted the conversation (免打扰):
 * its messages still count unread, quietly, but raise no badge or notification; a mention in a muted group
 * still does.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('chat_conversations')
    .addColumn('muted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_conversations').dropColumn('muted').execute();
}
