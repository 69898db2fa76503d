import type { Kysely } from 'kysely';

/** Three lists: departments, duties, their services, the page configuration; import and export jobs. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('osp_depts')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('parent_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('dept_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('responsibility', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('osp_depts_tenant_name')
    .unique()
    .on('osp_depts')
    .columns(['tenant_id', 'dept_name'])
    .execute();

  await db.schema
    .createTable('osp_dept_managers')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('dept_id', 'varchar(64)', (c) => c.notNull().references('osp_depts.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('osp_dept_managers_pk', ['tenant_id', 'dept_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('osp_duties')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('dept_id', 'varchar(64)', (c) => c.notNull().references('osp_depts.id').onDelete('cascade'))
    .addColumn('duty_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('duty_type', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('duty_content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('osp_duties_dept').on('osp_duties').columns(['tenant_id', 'dept_id', 'sort']).execute();
  await db.schema.createIndex('osp_duties_name').on('osp_duties').columns(['tenant_id', 'duty_name']).execute();
  // An export pages through a tenant's duties by id.
  await db.schema.createIndex('osp_duties_tenant_id').on('osp_duties').columns(['tenant_id', 'id']).execute();

  await db.schema
    .createTable('osp_list_services')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('service_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('dept_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('osp_list_services_tenant')
    .on('osp_list_services')
    .columns(['tenant_id', 'service_name'])
    .execute();

  await db.schema
    .createTable('osp_duty_services')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('duty_id', 'varchar(64)', (c) => c.notNull().references('osp_duties.id').onDelete('cascade'))
    .addColumn('service_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('service_name', 'varchar(200)', (c) => c.notNull())
    .addPrimaryKeyConstraint('osp_duty_services_pk', ['tenant_id', 'duty_id', 'service_id'])
    .execute();

  await db.schema
    .createTable('three_list_configs')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.primaryKey().references('tenants.tenant_id'))
    .addColumn('page_title', 'varchar(50)', (c) => c.notNull())
    .addColumn('introduction', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('show_services', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('duty_type_must', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('transfer_uploads')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('dataset', 'varchar(32)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('storage_path', 'varchar(300)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('transfer_uploads_user')
    .on('transfer_uploads')
    .columns(['tenant_id', 'user_id', 'dataset', 'created_at'])
    .execute();

  await db.schema
    .createTable('transfer_jobs')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('dataset', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('total_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('finish_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('new_insert_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('update_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('jump_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fail_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_msg', 'varchar(500)')
    .addColumn('error_path', 'varchar(300)')
    .addColumn('result_path', 'varchar(300)')
    .addColumn('file_name', 'varchar(200)')
    .addColumn('started_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .addColumn('heartbeat_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('transfer_jobs_status').on('transfer_jobs').columns(['status', 'heartbeat_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'transfer_jobs',
    'transfer_uploads',
    'three_list_configs',
    'osp_duty_services',
    'osp_list_services',
    'osp_duties',
    'osp_dept_managers',
    'osp_depts',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
