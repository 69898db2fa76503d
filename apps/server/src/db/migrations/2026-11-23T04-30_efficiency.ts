import type { Kysely } from 'kysely';

/**
 * Efficiency supervision (7.6 efficiencyHomePage/*): the process instances the report counts, their approval
 * nodes with handler and timings, and the per-tenant report configuration (which blocks the page shows).
 * The workbench's wb_todos only says whether a to-do is late; the report needs start, due and finish times.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('eff_processes')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('service_id', 'varchar(64)')
    .addColumn('dept_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('scene_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('process_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('applicant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('applicant_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('due_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('eff_processes_tenant_start')
    .on('eff_processes')
    .columns(['tenant_id', 'started_at'])
    .execute();
  await db.schema
    .createIndex('eff_processes_tenant_dept')
    .on('eff_processes')
    .columns(['tenant_id', 'dept_id', 'started_at'])
    .execute();
  await db.schema
    .createTable('eff_process_nodes')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('process_id', 'varchar(64)', (c) => c.notNull().references('eff_processes.id').onDelete('cascade'))
    .addColumn('node_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('handler_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('handler_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('arrived_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('due_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('handled_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('eff_process_nodes_process')
    .on('eff_process_nodes')
    .columns(['tenant_id', 'process_id'])
    .execute();
  await db.schema
    .createIndex('eff_process_nodes_handler')
    .on('eff_process_nodes')
    .columns(['tenant_id', 'handler_id', 'arrived_at'])
    .execute();
  await db.schema
    .createTable('eff_report_configs')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.primaryKey().references('tenants.tenant_id'))
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('eff_report_configs').execute();
  await db.schema.dropTable('eff_process_nodes').execute();
  await db.schema.dropTable('eff_processes').execute();
}
