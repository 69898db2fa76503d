import type { Kysely } from 'kysely';

/**
 * 7.1 replay guard (platform/transport.ts, ADR 0016): the request ids of sealed calls seen within the time window,
 * so a captured call is refused after a restart and on every node sharing the database. A row is claimed by one
 * insert (the primary key makes a second insert fail); expired rows are taken again by one conditional update and
 * pruned by expiry.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('transport_replay')
    .addColumn('request_id', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('transport_replay_expiry').on('transport_replay').columns(['expires_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('transport_replay').execute();
}
