import type { Kysely } from 'kysely';

/**
 * Where a user's department membership comes from (issue 14, ADR 0035): 'identity' when the school's sign-in placed
 * the user there (its department attribute), 'admin' when an administrator set it by hand on 用户部门配置. A sign-in
 * that sends the attribute replaces only the 'identity' rows, so hand-set departments stay. Rows of before were all
 * written by the sign-in or the demo seed: they become 'identity'.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('user_depts')
    .addColumn('source', 'varchar(16)', (c) => c.notNull().defaultTo('identity'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_depts').dropColumn('source').execute();
}
