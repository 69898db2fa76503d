import type { Kysely } from 'kysely';

/**
 * Issue 13 (ADR 0018): an index for every filter and order of the service list (7.4) on both engines —
 * department, scene, type, business type, process type, access way, shelf label, heat and launch date — and
 * the role table looked up by role; plus the catalogue's version per tenant, bumped in the same transaction
 * as every catalogue change, and the log of which services each version changed (for other nodes' search
 * indexes and the per-tenant landing data).
 */
const SERVICE_INDEXES: Array<[string, string[]]> = [
  ['svc_services_dept', ['tenant_id', 'dept_id', 'status', 'sort']],
  ['svc_services_scene', ['tenant_id', 'scene_id', 'status', 'sort']],
  ['svc_services_type', ['tenant_id', 'type_id', 'status', 'sort']],
  ['svc_services_business', ['tenant_id', 'business_type', 'status', 'sort']],
  ['svc_services_process', ['tenant_id', 'process_type', 'status', 'sort']],
  ['svc_services_access', ['tenant_id', 'access_way', 'status', 'sort']],
  ['svc_services_shelf', ['tenant_id', 'shelf_label_name', 'status', 'sort']],
  ['svc_services_visits', ['tenant_id', 'status', 'visit_count']],
  ['svc_services_launched', ['tenant_id', 'status', 'launched_at']],
  ['svc_services_public', ['tenant_id', 'status', 'is_public', 'sort']],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of SERVICE_INDEXES)
    await db.schema.createIndex(name).on('svc_services').columns(columns).execute();
  await db.schema
    .createIndex('svc_service_roles_role')
    .on('svc_service_roles')
    .columns(['tenant_id', 'role_id', 'service_id'])
    .execute();

  await db.schema
    .createTable('svc_catalogue_versions')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('svc_catalogue_changes')
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    /** JSON array of the changed service ids, or '*' for a change that touches the whole catalogue. */
    .addColumn('service_ids', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('svc_catalogue_changes_pk', ['tenant_id', 'version'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('svc_catalogue_changes').execute();
  await db.schema.dropTable('svc_catalogue_versions').execute();
  await db.schema.dropIndex('svc_service_roles_role').execute();
  for (const [name] of SERVICE_INDEXES) await db.schema.dropIndex(name).execute();
}
