import { sql, type Kysely } from 'kysely';

/**
 * Issue 13: a read marker marks the unread entries of one conversation. Through chat_inbox_peer it read every entry
 * of the conversation to find them, so each read cost as much as the conversation was long (a server's chat bench
 * slowed run after run as conversations grew). This partial index holds only unread entries (an entry leaves it
 * when read), per conversation; both engines use it for `... and peer_id = ? and read_at is null`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('chat_inbox_unread_by_peer')
    .on('chat_inbox')
    .columns(['tenant_id', 'user_id', 'peer_id'])
    .where(sql.ref('read_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('chat_inbox_unread_by_peer').execute();
}
