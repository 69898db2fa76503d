import type { Kysely } from 'kysely';

/** ADR 0074: the English of a navigation item's name ('' none: the English interface shows the item as before). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('wb_navigation')
    .addColumn('navigation_name_en', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('wb_navigation').dropColumn('navigation_name_en').execute();
}
