import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { SvcServiceTable } from '../../db/tables/catalogue.ts';

/** Which services a bulk export or count covers: ticked ids, or a search (all when nothing is set). */
export type CatalogueFilter = {
  ids?: string[] | null;
  serviceName?: string;
  deptId?: string;
  businessType?: string;
  status?: number | null;
};

/** A new service of a bulk import, with its visible roles and its guide (already sanitised, and its plain text). */
export type NewService = {
  row: Omit<Insertable<SvcServiceTable>, 'tenant_id' | 'visit_count' | 'launched_at' | 'updated_at'> & { id: string };
  roleIds: string[];
  guide: { content: string; text: string } | null;
};

/** Columns an import may use to find an existing service (its check fields). */
export type ServiceKeyColumn = 'id' | 'service_name' | 'dept_id' | 'service_url';

const SERVICE_COLUMNS = [
  's.id',
  's.service_name',
  'd.name as dept_name',
  'c.name as scene_name',
  't.name as type_name',
  's.business_type',
  's.process_type',
  's.access_way',
  's.open_way',
  's.service_url',
  's.description',
  's.label_name',
  's.shelf_label_name',
  's.service_icon',
  'g.content as guide',
  's.is_public',
  's.status',
  's.sort',
  's.visit_count',
] as const;

/**
 * SQL of the catalogue's bulk import and export (the transfer module reaches it through catalogue-bulk.ts): the
 * services of a filter with their group names and guide, their roles, look-ups by check column, and the writes of
 * an import batch (each call takes the batch's transaction as `db`). Every method takes the tenant first.
 */
export function catalogueBulkRepository(db: Db) {
  const base = (tenantId: string, f: CatalogueFilter) => {
    let q = db
      .selectFrom('svc_services as s')
      .leftJoin('svc_depts as d', (j) => j.onRef('d.id', '=', 's.dept_id').on('d.tenant_id', '=', tenantId))
      .leftJoin('svc_scenes as c', (j) => j.onRef('c.id', '=', 's.scene_id').on('c.tenant_id', '=', tenantId))
      .leftJoin('svc_types as t', (j) => j.onRef('t.id', '=', 's.type_id').on('t.tenant_id', '=', tenantId))
      .leftJoin('svc_guides as g', (j) => j.onRef('g.service_id', '=', 's.id').on('g.tenant_id', '=', tenantId))
      .where('s.tenant_id', '=', tenantId);
    if (f.ids) q = f.ids.length ? q.where('s.id', 'in', f.ids) : q.where('s.id', '=', '');
    if (f.serviceName) q = q.where('s.service_name', 'like', `%${f.serviceName.replace(/[%_\\]/g, '')}%`);
    if (f.deptId) q = q.where('s.dept_id', '=', f.deptId);
    if (f.businessType) q = q.where('s.business_type', '=', f.businessType);
    if (f.status === 0 || f.status === 1) q = q.where('s.status', '=', f.status);
    return q;
  };

  return {
    /** A group list (departments, scenes or types) in its order. */
    groups(tenantId: string, table: 'svc_depts' | 'svc_scenes' | 'svc_types') {
      return db.selectFrom(table).where('tenant_id', '=', tenantId).select(['id', 'name']).orderBy('sort').execute();
    },
    shelfLabels(tenantId: string) {
      return db
        .selectFrom('svc_shelf_labels')
        .where('tenant_id', '=', tenantId)
        .select(['id', 'label_name'])
        .orderBy('sort')
        .execute();
    },
    async count(tenantId: string, f: CatalogueFilter) {
      const r = await base(tenantId, f)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    /** A page in the catalogue's order (sort, then id). */
    page(tenantId: string, f: CatalogueFilter, offset: number, limit: number) {
      return base(tenantId, f)
        .select([...SERVICE_COLUMNS])
        .orderBy('s.sort')
        .orderBy('s.id')
        .limit(limit)
        .offset(offset)
        .execute();
    },
    /** The next `limit` services by id after `after`, for an export that never holds them all. */
    after(tenantId: string, f: CatalogueFilter, after: string, limit: number) {
      return base(tenantId, f)
        .where('s.id', '>', after)
        .select([...SERVICE_COLUMNS])
        .orderBy('s.id')
        .limit(limit)
        .execute();
    },
    rolesOf(tenantId: string, serviceIds: string[]) {
      return db
        .selectFrom('svc_service_roles')
        .where('tenant_id', '=', tenantId)
        .where('service_id', 'in', serviceIds)
        .select(['service_id', 'role_id'])
        .execute();
    },
    /** The tenant's services whose `by` is one of `values`, by id (another tenant's code matches nothing). */
    byKey(tenantId: string, by: ServiceKeyColumn, values: string[]) {
      return db
        .selectFrom('svc_services')
        .where('tenant_id', '=', tenantId)
        .where(by, 'in', values)
        .select(['id', 'service_name', 'dept_id', 'service_url'])
        .orderBy('id')
        .execute();
    },
    async update(tenantId: string, id: string, values: Updateable<SvcServiceTable>) {
      await db.updateTable('svc_services').set(values).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
    },
    async setRoles(tenantId: string, serviceId: string, roleIds: string[]) {
      await db
        .deleteFrom('svc_service_roles')
        .where('tenant_id', '=', tenantId)
        .where('service_id', '=', serviceId)
        .execute();
      if (roleIds.length)
        await db
          .insertInto('svc_service_roles')
          .values(roleIds.map((role_id) => ({ tenant_id: tenantId, service_id: serviceId, role_id })))
          .execute();
    },
    /** Replaces (or, with null, removes) the guide of a service. */
    async setGuide(tenantId: string, serviceId: string, guide: { content: string; text: string } | null, now: string) {
      await db.deleteFrom('svc_guides').where('tenant_id', '=', tenantId).where('service_id', '=', serviceId).execute();
      if (guide)
        await db
          .insertInto('svc_guides')
          .values({ service_id: serviceId, tenant_id: tenantId, ...guide, updated_at: now })
          .execute();
    },
    /** New services with their roles and guides, in multi-row inserts (100 services a statement). */
    async insert(tenantId: string, entries: NewService[], now: string) {
      for (let i = 0; i < entries.length; i += 100) {
        const chunk = entries.slice(i, i + 100);
        await db
          .insertInto('svc_services')
          .values(
            chunk.map((e) => ({ ...e.row, tenant_id: tenantId, visit_count: 0, launched_at: now, updated_at: now })),
          )
          .execute();
        const links = chunk.flatMap((e) =>
          e.roleIds.map((role_id) => ({ tenant_id: tenantId, service_id: e.row.id, role_id })),
        );
        for (let j = 0; j < links.length; j += 500)
          await db
            .insertInto('svc_service_roles')
            .values(links.slice(j, j + 500))
            .execute();
        const guides = chunk
          .filter((e) => e.guide)
          .map((e) => ({ service_id: e.row.id, tenant_id: tenantId, ...e.guide!, updated_at: now }));
        for (let j = 0; j < guides.length; j += 100)
          await db
            .insertInto('svc_guides')
            .values(guides.slice(j, j + 100))
            .execute();
      }
    },
  };
}
