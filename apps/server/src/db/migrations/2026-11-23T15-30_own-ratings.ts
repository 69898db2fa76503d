import type { Kysely } from 'kysely';

/** The personal center lists a user's own ratings, latest first (serverCenter/myRates): look them up by user. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('svc_ratings_user')
    .on('svc_ratings')
    .columns(['tenant_id', 'user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('svc_ratings_user').execute();
}
