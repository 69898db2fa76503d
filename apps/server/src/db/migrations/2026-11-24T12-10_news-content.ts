import type { Kysely } from 'kysely';

/**
 * Campus news and announcements written by administrators (issue 16): the body (cleaned rich text) and who last
 * wrote it. Items of the seed and of older versions have none: their title opens their link.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('wb_news')
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('wb_news')
    .addColumn('updated_by', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('wb_news').dropColumn('updated_by').execute();
  await db.schema.alterTable('wb_news').dropColumn('content').execute();
}
