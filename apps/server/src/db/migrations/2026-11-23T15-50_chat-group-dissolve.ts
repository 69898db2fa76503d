import type { Kysely } from 'kysely';

/**
 * A dissolved chat group stays as a tombstone (`dissolved_at` set, its member rows kept): history and group calls
 * of its former members answer "该群聊已解散" instead of a bare not-found, and stored group messages keep the
 * group they were sent to.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_groups').addColumn('dissolved_at', 'varchar(32)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_groups').dropColumn('dissolved_at').execute();
}
