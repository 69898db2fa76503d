import type { Kysely } from 'kysely';

/**
 * ADR 0074: the English of what an administrator configures on cards — a card's name and introduction, a column's
 * name and its to-do labels, the three lists' page title and introduction, the assistant's name and greeting ('' none:
 * the interface in English shows the Chinese). The texts inside the JSON of a card
 * (tabs, status labels, other information) and of a column (table headers) carry theirs in the JSON itself.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const c of ['card_name_en', 'card_introduction_en'])
    await db.schema
      .alterTable('wb_cards')
      .addColumn(c, 'text', (col) => col.notNull().defaultTo(''))
      .execute();
  for (const c of ['column_name_en', 'todo_type_name_en', 'todo_timeout_name_en'])
    await db.schema
      .alterTable('wb_card_columns')
      .addColumn(c, 'text', (col) => col.notNull().defaultTo(''))
      .execute();
  for (const c of ['page_title_en', 'introduction_en'])
    await db.schema
      .alterTable('three_list_configs')
      .addColumn(c, 'text', (col) => col.notNull().defaultTo(''))
      .execute();
  for (const c of ['robot_name_en', 'greeting_en'])
    await db.schema
      .alterTable('robot_configs')
      .addColumn(c, 'text', (col) => col.notNull().defaultTo(''))
      .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const c of ['card_name_en', 'card_introduction_en'])
    await db.schema.alterTable('wb_cards').dropColumn(c).execute();
  for (const c of ['column_name_en', 'todo_type_name_en', 'todo_timeout_name_en'])
    await db.schema.alterTable('wb_card_columns').dropColumn(c).execute();
  for (const c of ['page_title_en', 'introduction_en'])
    await db.schema.alterTable('three_list_configs').dropColumn(c).execute();
  for (const c of ['robot_name_en', 'greeting_en']) await db.schema.alterTable('robot_configs').dropColumn(c).execute();
}
