import type { CardService } from '@portal/contracts/workbench';
import type { Db } from '../../db/create-db.ts';
import { VISITS_MAX_AGE_MS, prepared } from './catalogue-cache.ts';
import { bumpCatalogue } from './catalogue-version.ts';

/**
 * Queries over the service catalogue (db/tables/catalogue.ts) that the home page modules need: services visible to
 * a role, favourites, scenes and departments (read only), and the landing page configuration that preLoginConfig
 * edits (svc_landing_configs.config, the one place the landing page reads it from). Other modules reach them only
 * through `catalogueReadsOf` of services.service.ts (issue 15, ADR 0026).
 */
export function catalogueReads(db: Db) {
  const base = (tenantId: string, roleId: string) =>
    db
      .selectFrom('svc_services as s')
      .leftJoin('svc_depts as d', 'd.id', 's.dept_id')
      .leftJoin('svc_scenes as sc', 'sc.id', 's.scene_id')
      .where('s.tenant_id', '=', tenantId)
      .where('s.status', '=', 1)
      .where((eb) =>
        eb.or([
          eb.not(
            eb.exists(
              eb
                .selectFrom('svc_service_roles as r')
                .select('r.role_id')
                .whereRef('r.service_id', '=', 's.id')
                .where('r.tenant_id', '=', tenantId),
            ),
          ),
          eb.exists(
            eb
              .selectFrom('svc_service_roles as r2')
              .select('r2.role_id')
              .whereRef('r2.service_id', '=', 's.id')
              .where('r2.tenant_id', '=', tenantId)
              .where('r2.role_id', '=', roleId),
          ),
        ]),
      )
      .select((eb) => [
        's.id',
        's.service_name',
        's.service_icon',
        's.shelf_label_name',
        's.label_name',
        'd.name as dept_name',
        'sc.name as scene_name',
        's.visit_count',
        's.process_type',
        's.access_way',
        's.open_way',
        's.service_url',
        eb
          .exists(eb.selectFrom('svc_guides as g').select('g.service_id').whereRef('g.service_id', '=', 's.id'))
          .as('has_guide'),
      ]);

  type Row = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];
  const toService = (r: Row): CardService => ({
    serviceId: r.id,
    serviceName: r.service_name,
    serviceIcon: r.service_icon,
    shelfLabelName: r.shelf_label_name,
    labelName: r.label_name,
    serviceDeptName: r.dept_name ?? '',
    serviceSceneName: r.scene_name ?? '',
    visitCount: Number(r.visit_count),
    processType: r.process_type,
    hasGuide: Boolean(Number(r.has_guide)) || r.has_guide === true,
    accessWay: r.access_way,
    openWay: r.open_way,
    serviceUrl: r.service_url,
  });

  return {
    /** Services the role may use, in catalogue order; `ids` picks and orders a chosen few. */
    async services(
      tenantId: string,
      roleId: string,
      opts: { ids?: string[]; limit: number; keyword?: string; sceneNames?: string[]; byHeat?: boolean },
    ): Promise<CardService[]> {
      let q = base(tenantId, roleId);
      if (opts.ids?.length) q = q.where('s.id', 'in', opts.ids);
      if (opts.keyword) q = q.where('s.service_name', 'like', `%${opts.keyword.replace(/[%_\\]/g, '')}%`);
      if (opts.sceneNames?.length) q = q.where('sc.name', 'in', opts.sceneNames);
      q = opts.byHeat ? q.orderBy('s.visit_count', 'desc').orderBy('s.id') : q.orderBy('s.sort').orderBy('s.id');
      const rows = (await q.limit(opts.limit).execute()).map(toService);
      if (!opts.ids?.length) return rows;
      const order = new Map(opts.ids.map((id, i) => [id, i]));
      return rows.sort((a, b) => order.get(a.serviceId)! - order.get(b.serviceId)!);
    },

    /** The user's favourites, in their order. */
    async favourites(tenantId: string, roleId: string, userId: string, limit: number): Promise<CardService[]> {
      const rows = await base(tenantId, roleId)
        .innerJoin('svc_favourites as f', (j) =>
          j.onRef('f.service_id', '=', 's.id').on('f.tenant_id', '=', tenantId).on('f.user_id', '=', userId),
        )
        .orderBy('f.sort')
        .limit(limit)
        .execute();
      return rows.map(toService);
    },

    async existingServiceIds(tenantId: string, ids: string[]): Promise<string[]> {
      if (!ids.length) return [];
      return (
        await db
          .selectFrom('svc_services')
          .where('tenant_id', '=', tenantId)
          .where('id', 'in', ids)
          .select('id')
          .execute()
      ).map((r) => r.id);
    },

    /** Names of services of the tenant, whatever their status and roles (administration lists). */
    async serviceNames(tenantId: string, ids: string[]): Promise<Array<{ id: string; service_name: string }>> {
      if (!ids.length) return [];
      return db
        .selectFrom('svc_services')
        .where('tenant_id', '=', tenantId)
        .where('id', 'in', ids)
        .select(['id', 'service_name'])
        .execute();
    },

    /** Services by id with their department's name: how a configuration file names a card's services (ADR 0031). */
    servicesWithDept: (tenantId: string, ids: string[]) =>
      ids.length
        ? db
            .selectFrom('svc_services as s')
            .leftJoin('svc_depts as d', (j) =>
              j.onRef('d.id', '=', 's.dept_id').onRef('d.tenant_id', '=', 's.tenant_id'),
            )
            .where('s.tenant_id', '=', tenantId)
            .where('s.id', 'in', ids)
            .select(['s.id', 's.service_name', 'd.name as dept_name'])
            .execute()
        : Promise.resolve([]),
    /** Services of the tenant with one of these names (with their department's name), to match a file's services. */
    servicesByName: (tenantId: string, names: string[]) =>
      names.length
        ? db
            .selectFrom('svc_services as s')
            .leftJoin('svc_depts as d', (j) =>
              j.onRef('d.id', '=', 's.dept_id').onRef('d.tenant_id', '=', 's.tenant_id'),
            )
            .where('s.tenant_id', '=', tenantId)
            .where('s.service_name', 'in', names)
            .select(['s.id', 's.service_name', 'd.name as dept_name'])
            .orderBy('s.id')
            .execute()
        : Promise.resolve([]),

    scenes: (tenantId: string) =>
      db.selectFrom('svc_scenes').where('tenant_id', '=', tenantId).select(['id', 'name']).orderBy('sort').execute(),
    depts: (tenantId: string) =>
      db.selectFrom('svc_depts').where('tenant_id', '=', tenantId).select(['id', 'name']).orderBy('sort').execute(),

    // The pre-login landing page's catalogue parts are the same for every visitor: prepared per catalogue
    // version, visit counts at most VISITS_MAX_AGE_MS old (ADR 0018).
    counts: (tenantId: string) =>
      prepared(
        db,
        tenantId,
        'wb|counts',
        async () => {
          const r = await db
            .selectFrom('svc_services')
            .where('tenant_id', '=', tenantId)
            .where('status', '=', 1)
            .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('visit_count').as('visits')])
            .executeTakeFirst();
          return { serviceCount: Number(r?.n ?? 0), visitCount: Number(r?.visits ?? 0) };
        },
        VISITS_MAX_AGE_MS,
      ),

    /** Service counts per scene or department (public services only when `publicOnly`). */
    groupCounts: (tenantId: string, kind: 'scene' | 'dept', publicOnly: boolean) =>
      prepared(db, tenantId, `wb|groupCounts|${kind}|${publicOnly}`, async () => {
        const col = kind === 'scene' ? 's.scene_id' : 's.dept_id';
        // Both are groups (id, name, sort); departments also have a parent, which these counts do not use.
        const table = (kind === 'scene' ? 'svc_scenes' : 'svc_depts') as 'svc_scenes';
        let q = db
          .selectFrom(`${table} as g`)
          .leftJoin('svc_services as s', (j) => j.onRef(col, '=', 'g.id').on('s.status', '=', 1))
          .where('g.tenant_id', '=', tenantId)
          .groupBy(['g.id', 'g.name', 'g.sort'])
          .select((eb) => ['g.id', 'g.name', eb.fn.count<number>('s.id').as('count')])
          .orderBy('g.sort');
        // Visitors: public services kept for no role (the service list's rule, services.repository.ts).
        if (publicOnly)
          q = q.where((eb) =>
            eb.or([
              eb('s.id', 'is', null),
              eb.and([
                eb('s.is_public', '=', 1),
                eb.not(
                  eb.exists(
                    eb
                      .selectFrom('svc_service_roles as r0')
                      .select('r0.role_id')
                      .whereRef('r0.tenant_id', '=', 's.tenant_id')
                      .whereRef('r0.service_id', '=', 's.id'),
                  ),
                ),
              ]),
            ]),
          );
        return (await q.execute()).map((r) => ({ id: r.id, name: r.name, count: Number(r.count) }));
      }),

    async landingConfig(tenantId: string): Promise<Record<string, unknown> | null> {
      const row = await db
        .selectFrom('svc_landing_configs')
        .where('tenant_id', '=', tenantId)
        .select('config')
        .executeTakeFirst();
      return row ? (JSON.parse(row.config) as Record<string, unknown>) : null;
    },
    /** Replaces the landing configuration, keeping its footer (a new row gets an empty footer). */
    async saveLandingConfig(tenantId: string, config: object, updatedAt: string): Promise<void> {
      const value = JSON.stringify(config);
      const emptyFooter = JSON.stringify({
        schoolName: '',
        address: '',
        phone: '',
        email: '',
        copyright: '',
        icp: '',
        links: [],
      });
      // The landing page is prepared per catalogue version (ADR 0018): the version moves with the change.
      // Inside a caller's transaction (the configuration import, ADR 0031) both writes join it.
      const write = async (trx: Db) => {
        await trx
          .insertInto('svc_landing_configs')
          .values({ tenant_id: tenantId, config: value, footer: emptyFooter, updated_at: updatedAt })
          .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ config: value, updated_at: updatedAt }))
          .execute();
        await bumpCatalogue(trx, tenantId);
      };
      if (db.isTransaction) await write(db);
      else await db.transaction().execute(write);
    },

    publicServices: (tenantId: string, limit: number) =>
      prepared(
        db,
        tenantId,
        `wb|publicServices|${limit}`,
        () =>
          db
            .selectFrom('svc_services as s')
            .where('s.tenant_id', '=', tenantId)
            .where('s.status', '=', 1)
            .where('s.is_public', '=', 1)
            .where((eb) =>
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('svc_service_roles as r0')
                    .select('r0.role_id')
                    .whereRef('r0.tenant_id', '=', 's.tenant_id')
                    .whereRef('r0.service_id', '=', 's.id'),
                ),
              ),
            )
            .select(['s.id', 's.service_name', 's.service_url', 's.visit_count'])
            .orderBy('s.visit_count', 'desc')
            .limit(limit)
            .execute(),
        VISITS_MAX_AGE_MS,
      ),
  };
}
export type CatalogueReads = ReturnType<typeof catalogueReads>;
