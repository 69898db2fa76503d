import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { rebuildAggregates, lateMs } from '../../modules/efficiency/efficiency.aggregates.ts';
import type { Db } from '../create-db.ts';

/**
 * Efficiency per-day aggregates (issue 13, ADR 0036): eff_day_processes and eff_day_nodes, kept in the transaction
 * of every change to the processes so that a report reads them instead of every process; eff_processes.late_ms (how
 * late a finished process was) with an index for the time-out list; indexes on the open processes' and nodes' due
 * times; an index on the processes' applicants (the personal report). Built here from the processes already stored, per tenant in its time zone, with the module's own builder
 * (the same code that rebuilds a tenant's aggregates when its time zone changes).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const count = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
  await db.schema
    .createTable('eff_day_processes')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('dept_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('scene_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('process_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('service_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('open_due', 'varchar(13)', (c) => c.notNull())
    .addColumn('started', 'integer', count)
    .addColumn('finished', 'integer', count)
    .addColumn('on_time', 'integer', count)
    .addColumn('late_done', 'integer', count)
    .addColumn('sum_ms', 'bigint', count)
    .addColumn('open', 'integer', count)
    .addColumn('done_here', 'integer', count)
    .addPrimaryKeyConstraint('eff_day_processes_pk', [
      'tenant_id',
      'day',
      'dept_id',
      'scene_id',
      'process_name',
      'service_id',
      'open_due',
    ])
    .execute();
  await db.schema
    .createTable('eff_day_nodes')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull().references('tenants.tenant_id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('dept_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('scene_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('process_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('node_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('handler_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('handler_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('open_due', 'varchar(13)', (c) => c.notNull())
    .addColumn('total', 'integer', count)
    .addColumn('handled', 'integer', count)
    .addColumn('late_done', 'integer', count)
    .addColumn('sum_ms', 'bigint', count)
    .addColumn('open', 'integer', count)
    .addPrimaryKeyConstraint('eff_day_nodes_pk', [
      'tenant_id',
      'day',
      'dept_id',
      'scene_id',
      'process_name',
      'node_name',
      'handler_id',
      'handler_name',
      'open_due',
    ])
    .execute();
  await db.schema.alterTable('eff_processes').addColumn('late_ms', 'bigint').execute();
  await db.schema
    .createIndex('eff_processes_tenant_late')
    .on('eff_processes')
    .columns(['tenant_id', 'late_ms'])
    .execute();
  // The personal report's processes a user applied for.
  await db.schema
    .createIndex('eff_processes_tenant_applicant')
    .on('eff_processes')
    .columns(['tenant_id', 'applicant_id', 'started_at'])
    .execute();
  await db.schema
    .createIndex('eff_processes_tenant_open_due')
    .on('eff_processes')
    .columns(['tenant_id', 'due_at'])
    .where(sql.ref('finished_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('eff_process_nodes_tenant_open_due')
    .on('eff_process_nodes')
    .columns(['tenant_id', 'due_at'])
    .where(sql.ref('handled_at'), 'is', null)
    .execute();

  // late_ms of the processes finished late, then each tenant's aggregates.
  let after = '';
  for (;;) {
    const rows = (await db
      .selectFrom('eff_processes')
      .where('id', '>', after)
      .where('finished_at', 'is not', null)
      .whereRef('finished_at', '>', 'due_at')
      .orderBy('id')
      .limit(1000)
      .select(['id', 'due_at', 'finished_at'])
      .execute()) as { id: string; due_at: string; finished_at: string }[];
    if (!rows.length) break;
    after = rows[rows.length - 1]!.id;
    for (const r of rows)
      await db
        .updateTable('eff_processes')
        .set({ late_ms: lateMs(r) })
        .where('id', '=', r.id)
        .execute();
  }
  const tenants = (await db.selectFrom('eff_processes').select('tenant_id').distinct().execute()) as {
    tenant_id: string;
  }[];
  for (const t of tenants) await rebuildAggregates(db as unknown as Db, t.tenant_id);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('eff_process_nodes_tenant_open_due').execute();
  await db.schema.dropIndex('eff_processes_tenant_open_due').execute();
  await db.schema.dropIndex('eff_processes_tenant_late').execute();
  await db.schema.dropIndex('eff_processes_tenant_applicant').execute();
  await db.schema.alterTable('eff_processes').dropColumn('late_ms').execute();
  await db.schema.dropTable('eff_day_nodes').execute();
  await db.schema.dropTable('eff_day_processes').execute();
}
