import type { Kysely } from 'kysely';

/** ADR 0074: the English of a home tab's name ('' none: the home page in English shows the Chinese). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('wb_index_types')
    .addColumn('type_name_en', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('wb_index_types').dropColumn('type_name_en').execute();
}
