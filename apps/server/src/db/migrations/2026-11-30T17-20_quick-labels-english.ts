import type { Kysely } from 'kysely';

/**
 * ADR 0074: the English of a quick rating label ('' none: the rating dialog in English shows the Chinese). A rating
 * still records the label by its Chinese name, which the server checks.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('svc_quick_labels')
    .addColumn('label_name_en', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('svc_quick_labels').dropColumn('label_name_en').execute();
}
