import type { Kysely } from 'kysely';

/** The workbench home page and its administration (issue 4). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('wb_cards')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('card_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('card_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('card_introduction', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('display_rows', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('data_source', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('wb_cards_tenant').on('wb_cards').columns(['tenant_id', 'sort']).execute();

  await db.schema
    .createTable('wb_card_columns')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('card_id', 'varchar(64)', (c) => c.notNull().references('wb_cards.id').onDelete('cascade'))
    .addColumn('column_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('data_source', 'varchar(32)', (c) => c.notNull())
    .addColumn('api_id', 'varchar(64)')
    .addColumn('category', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('todo_type_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('todo_timeout_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('card_mapping', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('wb_card_columns_card')
    .on('wb_card_columns')
    .columns(['tenant_id', 'card_id', 'sort'])
    .execute();

  await db.schema
    .createTable('wb_card_roles')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('card_id', 'varchar(64)', (c) => c.notNull().references('wb_cards.id').onDelete('cascade'))
    .addColumn('role_id', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('wb_card_roles_pk', ['tenant_id', 'card_id', 'role_id'])
    .execute();

  await db.schema
    .createTable('wb_index_types')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('type_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('layout', 'varchar(16)', (c) => c.notNull().defaultTo('same'))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('wb_index_cards')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('type_id', 'varchar(64)', (c) => c.notNull().references('wb_index_types.id').onDelete('cascade'))
    .addColumn('card_id', 'varchar(64)', (c) => c.notNull().references('wb_cards.id').onDelete('cascade'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('wb_index_cards_pk', ['tenant_id', 'type_id', 'card_id'])
    .execute();

  await db.schema
    .createTable('wb_navigation')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('navigation_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('navigation_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('is_built', 'integer', (c) => c.notNull())
    .addColumn('is_auto', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('config_path', 'varchar(1000)', (c) => c.notNull())
    .addColumn('embedded', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('wb_navigation_tenant').on('wb_navigation').columns(['tenant_id', 'sort']).execute();

  await db.schema
    .createTable('wb_settings')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('owner_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('key', 'varchar(100)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('wb_settings_pk', ['tenant_id', 'owner_id', 'key'])
    .execute();

  await db.schema
    .createTable('wb_external_apis')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('api_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('url', 'varchar(1000)', (c) => c.notNull())
    .addColumn('method', 'varchar(8)', (c) => c.notNull())
    .addColumn('list_path', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('request_params', 'text', (c) => c.notNull())
    .addColumn('return_params', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('wb_tools')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('tools_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('tools_icon', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('tools_url', 'varchar(1000)', (c) => c.notNull())
    .addColumn('tools_type', 'varchar(50)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('wb_tools_tenant').on('wb_tools').columns(['tenant_id', 'sort']).execute();

  await db.schema
    .createTable('wb_todos')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    /** todo | done | matter */
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('flow_type', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('matter_status', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_timeout', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('wb_todos_user')
    .on('wb_todos')
    .columns(['tenant_id', 'user_id', 'kind', 'flow_type'])
    .execute();

  await db.schema
    .createTable('wb_news')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    /** news | announcement | OfficialAccount */
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('category', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'varchar(300)', (c) => c.notNull())
    .addColumn('field_set', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('important', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('url', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('release_time', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('wb_news_kind').on('wb_news').columns(['tenant_id', 'kind', 'release_time']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'wb_news',
    'wb_todos',
    'wb_tools',
    'wb_external_apis',
    'wb_settings',
    'wb_navigation',
    'wb_index_cards',
    'wb_index_types',
    'wb_card_roles',
    'wb_card_columns',
    'wb_cards',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
