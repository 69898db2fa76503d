import type { Kysely } from 'kysely';

/**
 * @mentions in group chat (issue 14): `chat_messages.mentions` holds the members a message mentions, as the
 * server checked them, a JSON array of { userId, userName } (null without any).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_messages').addColumn('mentions', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_messages').dropColumn('mentions').execute();
}
