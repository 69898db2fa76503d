import type { Db, Engine } from '../../db/create-db.ts';
import { analyzeTables } from '../../db/sql-helpers.ts';
import {
  catalogueBulkRepository,
  type CatalogueFilter,
  type NewService,
  type ServiceKeyColumn,
} from './catalogue-bulk.repository.ts';
import { bumpCatalogue } from './catalogue-version.ts';
import { guideText } from './guide-html.ts';
import { refreshIndex } from './search-indexes.ts';

export type { CatalogueFilter, ServiceKeyColumn };

/** A service's fields an import may set (svc_services columns). */
export type ServiceFields = NewService['row'];

/**
 * What the catalogue offers the bulk import and export of services (the transfer module, ADR 0005): reads and
 * writes of svc_* through this module, never the tables themselves. Each takes the database or an import batch's
 * transaction, so the batch's services, roles, guides and the catalogue's version commit or roll back together.
 */
export function catalogueBulk(db: Db) {
  const r = catalogueBulkRepository(db);
  return {
    groups: (tenantId: string, table: 'svc_depts' | 'svc_scenes' | 'svc_types') => r.groups(tenantId, table),
    shelfLabels: (tenantId: string) => r.shelfLabels(tenantId),
    count: (tenantId: string, f: CatalogueFilter) => r.count(tenantId, f),
    page: (tenantId: string, f: CatalogueFilter, offset: number, limit: number) => r.page(tenantId, f, offset, limit),
    after: (tenantId: string, f: CatalogueFilter, after: string, limit: number) => r.after(tenantId, f, after, limit),
    rolesOf: (tenantId: string, serviceIds: string[]) => r.rolesOf(tenantId, serviceIds),
    byKey: (tenantId: string, by: ServiceKeyColumn, values: string[]) => r.byKey(tenantId, by, values),

    /**
     * Updates a service of an import: the given columns (only those the file matched), its roles when given, its
     * guide when given ('' removes it; the content is already sanitised).
     */
    async updateService(
      tenantId: string,
      id: string,
      values: Partial<ServiceFields>,
      roleIds: string[] | null,
      guide: string | null,
      now: string,
    ) {
      if (Object.keys(values).length) await r.update(tenantId, id, { ...values, updated_at: now });
      if (roleIds) await r.setRoles(tenantId, id, roleIds);
      if (guide !== null)
        await r.setGuide(tenantId, id, guide ? { content: guide, text: guideText(guide) } : null, now);
    },
    /** Adds services of an import with their roles and guides (sanitised content; '' or null for none). */
    insertServices(
      tenantId: string,
      entries: { row: ServiceFields; roleIds: string[]; guide: string | null }[],
      now: string,
    ) {
      return r.insert(
        tenantId,
        entries.map((e) => ({
          row: e.row,
          roleIds: e.roleIds,
          guide: e.guide ? { content: e.guide, text: guideText(e.guide) } : null,
        })),
        now,
      );
    },
    /** Moves the catalogue's version in the batch's transaction (ADR 0018): caches and search indexes follow. */
    changed: (tenantId: string, serviceIds: string[]) => bumpCatalogue(db, tenantId, serviceIds),
  };
}

/** After a bulk import: fresh planner statistics, and the tenant's search index catches up off the request path. */
export async function afterCatalogueImport(engine: Engine, db: Db, tenantId: string) {
  await analyzeTables(engine, db, ['svc_services', 'svc_service_roles', 'svc_guides']);
  refreshIndex(db, tenantId);
}
