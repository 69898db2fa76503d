import type { Kysely } from 'kysely';

/** The service catalogue (issue 3). */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['svc_depts', 'svc_scenes', 'svc_types']) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().references('tenants.tenant_id'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('icon', 'varchar(300)', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex(`${table}_tenant`).on(table).columns(['tenant_id', 'sort']).execute();
  }

  await db.schema
    .createTable('svc_services')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('service_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('service_icon', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('dept_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('scene_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('type_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('business_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('process_type', 'varchar(16)', (c) => c.notNull().defaultTo('ONLINE'))
    .addColumn('access_way', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .addColumn('open_way', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .addColumn('service_url', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('label_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('shelf_label_name', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('visit_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('launched_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('svc_services_tenant')
    .on('svc_services')
    .columns(['tenant_id', 'status', 'sort'])
    .execute();
  await db.schema.createIndex('svc_services_heat').on('svc_services').columns(['tenant_id', 'visit_count']).execute();

  await db.schema
    .createTable('svc_service_roles')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('service_id', 'varchar(64)', (c) => c.notNull().references('svc_services.id').onDelete('cascade'))
    .addColumn('role_id', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('svc_service_roles_pk', ['tenant_id', 'service_id', 'role_id'])
    .execute();

  await db.schema
    .createTable('svc_guides')
    .addColumn('service_id', 'varchar(64)', (c) => c.primaryKey().references('svc_services.id').onDelete('cascade'))
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('svc_shelf_labels')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('label_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('color', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('svc_favourites')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('service_id', 'varchar(64)', (c) => c.notNull().references('svc_services.id').onDelete('cascade'))
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('svc_favourites_pk', ['tenant_id', 'user_id', 'service_id'])
    .execute();

  await db.schema
    .createTable('svc_quick_labels')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('label_name', 'varchar(20)', (c) => c.notNull())
    .addColumn('min_score', 'integer', (c) => c.notNull())
    .addColumn('max_score', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('svc_ratings')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('service_id', 'varchar(64)', (c) => c.notNull().references('svc_services.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('labels', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('svc_ratings_one')
    .unique()
    .on('svc_ratings')
    .columns(['tenant_id', 'service_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('svc_sensitive_words')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('word', 'varchar(50)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('svc_sensitive_hits')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('service_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('words', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('svc_clicks')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('service_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('svc_clicks_user')
    .on('svc_clicks')
    .columns(['tenant_id', 'user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('svc_search_words')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('keyword', 'varchar(50)', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('misses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('svc_search_words_pk', ['tenant_id', 'keyword'])
    .execute();

  await db.schema
    .createTable('svc_landing_configs')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.primaryKey().references('tenants.tenant_id'))
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('footer', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('cygj_tools')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('tools_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('tools_icon', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('tools_url', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('tools_type', 'varchar(50)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('cygj_navigation_bars')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('url', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'cygj_navigation_bars',
    'cygj_tools',
    'svc_landing_configs',
    'svc_search_words',
    'svc_clicks',
    'svc_sensitive_hits',
    'svc_sensitive_words',
    'svc_ratings',
    'svc_quick_labels',
    'svc_favourites',
    'svc_shelf_labels',
    'svc_guides',
    'svc_service_roles',
    'svc_services',
    'svc_types',
    'svc_scenes',
    'svc_depts',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
