import type { Kysely } from 'kysely';

/**
 * The robot's knowledge (issue 14): `faq_entries.synonyms` holds other ways of asking an entry's question
 * (同义问法, one text, any separator), matched like its question and keywords.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('faq_entries')
    .addColumn('synonyms', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('faq_entries').dropColumn('synonyms').execute();
}
