import type { Kysely } from 'kysely';

/**
 * The personal center's own data (7.9 personInfo/getSystemAccessLink, scSemester/getSchoolCalendar):
 * the external systems a tenant links to, with the roles that see each (none: every role), and the school
 * calendar — semesters with their dates and the holidays, vacations and exam weeks of a school year.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pc_access_links')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('system_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('system_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('icon', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pc_access_links_tenant').on('pc_access_links').columns(['tenant_id', 'sort']).execute();
  await db.schema
    .createTable('pc_access_link_roles')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('link_id', 'varchar(64)', (c) => c.notNull().references('pc_access_links.id').onDelete('cascade'))
    .addColumn('role_id', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('pc_access_link_roles_pk', ['link_id', 'role_id'])
    .execute();
  await db.schema
    .createTable('pc_semesters')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('school_year', 'varchar(9)', (c) => c.notNull())
    .addColumn('term', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
    .addUniqueConstraint('pc_semesters_year_term', ['tenant_id', 'school_year', 'term'])
    .execute();
  await db.schema
    .createTable('pc_calendar_events')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('school_year', 'varchar(9)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    /** holiday | vacation | exam | event */
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pc_calendar_events_year')
    .on('pc_calendar_events')
    .columns(['tenant_id', 'school_year', 'start_date'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pc_calendar_events').execute();
  await db.schema.dropTable('pc_semesters').execute();
  await db.schema.dropTable('pc_access_link_roles').execute();
  await db.schema.dropTable('pc_access_links').execute();
}
