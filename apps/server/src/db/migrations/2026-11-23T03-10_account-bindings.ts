import type { Kysely } from 'kysely';

/**
 * Third-party account bindings of a user (7.4 accountSecurity/removeBind): a WeChat, DingTalk, WeCom, QQ or
 * Alipay account linked to the portal account, at most one per platform and user.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('account_bindings')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('source', 'varchar(20)', (c) => c.notNull())
    .addColumn('open_id', 'varchar(128)', (c) => c.notNull())
    .addColumn('nick_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('bound_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('account_bindings_user_source', ['tenant_id', 'user_id', 'source'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_bindings').execute();
}
