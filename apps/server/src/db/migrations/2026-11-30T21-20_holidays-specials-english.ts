import type { Kysely } from 'kysely';

/**
 * ADR 0074: the English of a holiday's name and greeting and of a service special's title and description ('' none:
 * the home page in English shows the Chinese).
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const c of ['name_en', 'greeting_en'])
    await db.schema
      .alterTable('wb_holidays')
      .addColumn(c, 'text', (col) => col.notNull().defaultTo(''))
      .execute();
  for (const c of ['title_en', 'description_en'])
    await db.schema
      .alterTable('wb_service_specials')
      .addColumn(c, 'text', (col) => col.notNull().defaultTo(''))
      .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const c of ['name_en', 'greeting_en']) await db.schema.alterTable('wb_holidays').dropColumn(c).execute();
  for (const c of ['title_en', 'description_en'])
    await db.schema.alterTable('wb_service_specials').dropColumn(c).execute();
}
