import type { Kysely } from 'kysely';

/**
 * Hot words rank by how many people searched a word, not how many searches (ADR 0066):
 * - svc_search_words.searchers: the number of different searchers that found something with the word.
 * - svc_search_searchers: each (tenant, word, searcher) once, the searcher a keyed hash of tenant, word and user or
 *   visitor address (names nobody, cannot be joined across words); `seen_on` the UTC day it was first written, for
 *   pruning.
 *
 * Existing words: their counts are of searches, and who searched is not known. A word that found something was
 * searched by one person at least, so it starts with searchers = 1 (its hits are kept and break ties): it becomes a
 * hot word again once two more people search it. Until words gather three searchers, fewer hot words are shown (the
 * landing page leaves the line out when there are none).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('svc_search_words')
    .addColumn('searchers', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.updateTable('svc_search_words').set({ searchers: 1 }).where('hits', '>', 0).execute();
  await db.schema
    .createTable('svc_search_searchers')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('keyword', 'varchar(50)', (c) => c.notNull())
    .addColumn('searcher', 'varchar(24)', (c) => c.notNull())
    .addColumn('seen_on', 'varchar(10)', (c) => c.notNull())
    .addPrimaryKeyConstraint('svc_search_searchers_pk', ['tenant_id', 'keyword', 'searcher'])
    .execute();
  await db.schema.createIndex('svc_search_searchers_seen').on('svc_search_searchers').columns(['seen_on']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('svc_search_searchers').execute();
  await db.schema.alterTable('svc_search_words').dropColumn('searchers').execute();
}
