import type { Kysely } from 'kysely';

/**
 * A rotated access token stays valid for REFRESH_REUSE_GRACE_SECONDS (issue 11): a call another tab of the browser
 * sent with it while this tab refreshed is answered, not refused with a 401 that ends that tab's session.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessions').addColumn('previous_access_hash', 'varchar(128)').execute();
  await db.schema.alterTable('sessions').addColumn('previous_access_until', 'varchar(32)').execute();
  await db.schema.createIndex('sessions_previous_access').on('sessions').column('previous_access_hash').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sessions_previous_access').execute();
  await db.schema.alterTable('sessions').dropColumn('previous_access_until').execute();
  await db.schema.alterTable('sessions').dropColumn('previous_access_hash').execute();
}
