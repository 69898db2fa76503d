import type { Kysely } from 'kysely';

/** ADR 0074: the English of a landing page header link's name ('' none: the page in English shows the Chinese). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('cygj_navigation_bars')
    .addColumn('name_en', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cygj_navigation_bars').dropColumn('name_en').execute();
}
