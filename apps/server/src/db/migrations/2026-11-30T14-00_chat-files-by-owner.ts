import type { Kysely } from 'kysely';

/**
 * The chat upload quota (CHAT_UPLOAD_QUOTA_MB) sums a user's chat_files sizes at every upload, inside the
 * transaction that records the file: by owner, not by reading every file of the table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('chat_files_by_owner').on('chat_files').columns(['tenant_id', 'owner_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('chat_files_by_owner').execute();
}
