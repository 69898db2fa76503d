import type { SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/create-db.ts';
import type { CatalogueTables } from '../../db/tables/catalogue.ts';
import { bumpCatalogue } from './catalogue-version.ts';

/**
 * Different searchers a word needs before it may be offered to everyone as a hot word (ADR 0066): one person's
 * search of 心理咨询, however often repeated, is not published on the landing page.
 */
export const HOT_WORD_MIN_SEARCHERS = 3;

/** Who is looking: anonymous visitors see public services; users see services open to their role; admins all. */
export type Viewer = { userId: string | null; roleId: string | null; admin: boolean };

export type ServiceFilter = {
  businessType?: string | undefined;
  deptId?: string | undefined;
  sceneId?: string | undefined;
  typeId?: string | undefined;
  processType?: string | undefined;
  keyword?: string | undefined;
  ids?: string[] | undefined;
  shelfLabel?: string | undefined;
  accessWay?: string | undefined;
};

export type ServiceOrder = 'sort' | 'heat' | 'newest';
export type GroupTable = 'svc_depts' | 'svc_scenes' | 'svc_types';
const GROUP_COLUMN = { svc_depts: 'dept_id', svc_scenes: 'scene_id', svc_types: 'type_id' } as const;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** SQL of the service catalogue. Every method takes the tenant first (house style 2). */
export function servicesRepository(db: Db) {
  /**
   * Services of a tenant the viewer may see, without joins. The viewer is resolved once per request into the
   * rule the query applies: anonymous visitors see public services; a role sees the services with no role rows
   * (open to every logged-in role) and those listed for it — an EXISTS on the role table's primary key
   * (tenant_id, service_id, role_id), probed only for the rows the page actually walks (an index in the page's
   * order and LIMIT stop the walk early); counts are computed once per catalogue version (ADR 0018). Measured
   * on SQLite at 10,000 services: 0.12 ms for a page this way, 6.6 ms with the role sets as uncorrelated IN
   * subqueries, which SQLite materialises on every execution.
   */
  const visible = (tenantId: string, viewer: Viewer, byIds?: readonly string[]) => {
    let q = db.selectFrom('svc_services as s');
    // Looking services up by id, the primary key must lead: SQLite without statistics would rather walk the
    // tenant's (tenant_id, status) index and test every row against the list (2.7 ms instead of 0.1 at 10,000
    // services). Written as expressions, tenant and status still filter but offer no index to prefer.
    q = byIds
      ? q
          .where('s.id', 'in', [...byIds])
          .where(sql<SqlBool>`(${sql.ref('s.tenant_id')} || '') = ${tenantId}`)
          .where(sql<SqlBool>`(${sql.ref('s.status')} + 0) = 1`)
      : q.where('s.tenant_id', '=', tenantId).where('s.status', '=', 1);
    // A visitor sees what is public and not kept for some roles (role rows restrict whoever is not listed, visitors
    // included), so a visitor never finds what a logged-in student may not see.
    if (!viewer.userId)
      q = q
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
        );
    else if (!viewer.admin) {
      const roleId = viewer.roleId ?? '';
      q = q.where((eb) =>
        eb.or([
          eb.not(
            eb.exists(
              eb
                .selectFrom('svc_service_roles as r0')
                .select('r0.role_id')
                .whereRef('r0.tenant_id', '=', 's.tenant_id')
                .whereRef('r0.service_id', '=', 's.id'),
            ),
          ),
          eb.exists(
            eb
              .selectFrom('svc_service_roles as r1')
              .select('r1.role_id')
              .whereRef('r1.tenant_id', '=', 's.tenant_id')
              .whereRef('r1.service_id', '=', 's.id')
              .where('r1.role_id', '=', roleId),
          ),
        ]),
      );
    }
    return q;
  };

  const filtered = (tenantId: string, viewer: Viewer, f: ServiceFilter) => {
    let q = visible(tenantId, viewer);
    if (f.businessType) q = q.where('s.business_type', '=', f.businessType);
    if (f.deptId) q = q.where('s.dept_id', '=', f.deptId);
    if (f.sceneId) q = q.where('s.scene_id', '=', f.sceneId);
    if (f.typeId) q = q.where('s.type_id', '=', f.typeId);
    if (f.processType) q = q.where('s.process_type', '=', f.processType);
    if (f.shelfLabel !== undefined)
      q = f.shelfLabel ? q.where('s.shelf_label_name', '=', f.shelfLabel) : q.where('s.shelf_label_name', '>', '');
    if (f.accessWay) q = q.where('s.access_way', '=', f.accessWay);
    if (f.ids) q = f.ids.length ? q.where('s.id', 'in', f.ids) : q.where(sql<SqlBool>`1 = 0`);
    if (f.keyword) q = q.where(sql<SqlBool>`s.service_name like ${`%${likeEscape(f.keyword)}%`} escape '\\'`);
    return q;
  };

  /** The shown rows with their group names; whether a guide exists is looked up for these rows only. */
  const withNames = <Q extends ReturnType<typeof visible>>(q: Q) =>
    q
      .innerJoin('svc_depts as d', 'd.id', 's.dept_id')
      .innerJoin('svc_scenes as sc', 'sc.id', 's.scene_id')
      .innerJoin('svc_types as ty', 'ty.id', 's.type_id')
      .select(columns)
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('svc_guides as g')
              .select('g.service_id')
              .whereRef('g.service_id', '=', 's.id')
              .whereRef('g.tenant_id', '=', 's.tenant_id'),
          )
          .as('has_guide'),
      );

  const columns = [
    's.id',
    's.service_name',
    's.service_icon',
    's.shelf_label_name',
    's.label_name',
    's.visit_count',
    's.process_type',
    's.access_way',
    's.open_way',
    's.service_url',
    's.business_type',
    's.dept_id',
    's.scene_id',
    's.type_id',
    's.is_public',
    's.launched_at',
    's.description',
    'd.name as dept_name',
    'sc.name as scene_name',
    'ty.name as type_name',
  ] as const;

  return {
    visible,

    /** The query of one page of the list (also what the EXPLAIN test checks). */
    pageQuery(tenantId: string, viewer: Viewer, f: ServiceFilter, order: ServiceOrder, limit: number, offset: number) {
      let q = withNames(filtered(tenantId, viewer, f));
      if (order === 'heat') q = q.orderBy('s.visit_count', 'desc');
      else if (order === 'newest') q = q.orderBy('s.launched_at', 'desc');
      else q = q.orderBy('s.sort', 'asc');
      return q.orderBy('s.id', 'asc').limit(limit).offset(offset);
    },

    async page(tenantId: string, viewer: Viewer, f: ServiceFilter, order: ServiceOrder, limit: number, offset: number) {
      return this.pageQuery(tenantId, viewer, f, order, limit, offset).execute();
    },

    /** The first `perGroup` services of every group (department, scene or type) by heat, in one query. */
    async topPerGroup(tenantId: string, viewer: Viewer, column: 'dept_id' | 'scene_id' | 'type_id', perGroup: number) {
      const ranked = withNames(visible(tenantId, viewer)).select(
        sql<number>`row_number() over (partition by ${sql.ref(`s.${column}`)} order by s.visit_count desc, s.id asc)`.as(
          'rn',
        ),
      );
      const rows = await db
        .selectFrom(ranked.as('x'))
        .selectAll()
        .where('x.rn', '<=', perGroup)
        .orderBy('x.visit_count', 'desc')
        .orderBy('x.id', 'asc')
        .execute();
      return rows.map(({ rn: _rn, ...r }) => r);
    },

    /** The query of the number of services a filter lets through: the filtered services alone, no joins. */
    countQuery(tenantId: string, viewer: Viewer, f: ServiceFilter) {
      return filtered(tenantId, viewer, f).select((eb) => eb.fn.countAll<number>().as('n'));
    },

    async count(tenantId: string, viewer: Viewer, f: ServiceFilter): Promise<number> {
      const row = await this.countQuery(tenantId, viewer, f).executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Counts for the statistics: services by business type and process type, and the total of visits. */
    async statistic(tenantId: string, viewer: Viewer) {
      const rows = await visible(tenantId, viewer)
        .select(['s.business_type', 's.process_type', 's.dept_id', 's.scene_id'])
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('s.visit_count').as('visits')])
        .groupBy(['s.business_type', 's.process_type', 's.dept_id', 's.scene_id'])
        .execute();
      return rows.map((r) => ({ ...r, n: Number(r.n), visits: Number(r.visits ?? 0) }));
    },

    /** The query of the services with the given ids the viewer may see (search hits, favourites, recent ones). */
    byIdsQuery(tenantId: string, viewer: Viewer, ids: readonly string[]) {
      return withNames(visible(tenantId, viewer, ids));
    },

    async byIds(tenantId: string, viewer: Viewer, ids: string[]) {
      if (!ids.length) return [];
      return this.byIdsQuery(tenantId, viewer, ids).execute();
    },

    /** A service of the tenant regardless of who may see it (to tell 'not found' from 'not allowed'). */
    findAny(tenantId: string, id: string) {
      return db
        .selectFrom('svc_services')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', id)
        .where('status', '=', 1)
        .selectAll()
        .executeTakeFirst();
    },

    async rolesOf(tenantId: string, serviceIds: string[]): Promise<Map<string, string[]>> {
      const m = new Map<string, string[]>();
      if (!serviceIds.length) return m;
      const rows = await db
        .selectFrom('svc_service_roles')
        .where('tenant_id', '=', tenantId)
        .where('service_id', 'in', serviceIds)
        .select(['service_id', 'role_id'])
        .execute();
      for (const r of rows) m.set(r.service_id, [...(m.get(r.service_id) ?? []), r.role_id]);
      return m;
    },

    /**
     * Services on the shelf with what search needs, by id: the given ones, or a page after `afterId` (the
     * search index is built and caught up in such slices, ADR 0018).
     */
    searchable(tenantId: string, opts: { ids?: readonly string[]; afterId?: string; limit?: number } = {}) {
      let q = db
        .selectFrom('svc_services as s')
        .innerJoin('svc_depts as d', 'd.id', 's.dept_id')
        .innerJoin('svc_scenes as sc', 'sc.id', 's.scene_id')
        .innerJoin('svc_types as ty', 'ty.id', 's.type_id')
        .leftJoin('svc_guides as g', (j) =>
          j.onRef('g.service_id', '=', 's.id').onRef('g.tenant_id', '=', 's.tenant_id'),
        )
        .where('s.tenant_id', '=', tenantId)
        .where('s.status', '=', 1)
        .select([
          's.id',
          's.service_name',
          's.label_name',
          's.shelf_label_name',
          's.visit_count',
          's.is_public',
          's.business_type',
          'd.name as dept_name',
          'sc.name as scene_name',
          'ty.name as type_name',
          'g.text as guide_text',
        ]);
      if (opts.ids) q = opts.ids.length ? q.where('s.id', 'in', [...opts.ids]) : q.where(sql<SqlBool>`1 = 0`);
      if (opts.afterId !== undefined) q = q.where('s.id', '>', opts.afterId);
      q = q.orderBy('s.id');
      if (opts.limit) q = q.limit(opts.limit);
      return q.execute();
    },

    /** Visit counts of services on the shelf, a page after `afterId` by id (the search index's heat). */
    heats(tenantId: string, afterId: string, limit: number) {
      return db
        .selectFrom('svc_services')
        .where('tenant_id', '=', tenantId)
        .where('status', '=', 1)
        .where('id', '>', afterId)
        .select(['id', 'visit_count'])
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    async ratingSummary(tenantId: string, ids: string[]): Promise<Map<string, { avg: number; count: number }>> {
      const m = new Map<string, { avg: number; count: number }>();
      if (!ids.length) return m;
      const rows = await db
        .selectFrom('svc_ratings')
        .where('tenant_id', '=', tenantId)
        .where('service_id', 'in', ids)
        .select((eb) => ['service_id', eb.fn.avg<number>('score').as('avg'), eb.fn.countAll<number>().as('n')])
        .groupBy('service_id')
        .execute();
      for (const r of rows) m.set(r.service_id, { avg: Math.round(Number(r.avg) * 10) / 10, count: Number(r.n) });
      return m;
    },

    async groups(tenantId: string, table: GroupTable, viewer: Viewer, businessType?: string) {
      const col = GROUP_COLUMN[table];
      let counted = visible(tenantId, viewer);
      if (businessType) counted = counted.where('s.business_type', '=', businessType);
      const counts = await counted
        .select([`s.${col} as gid`])
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .groupBy(`s.${col}`)
        .execute();
      const byId = new Map(counts.map((c) => [c.gid as string, Number(c.n)]));
      const rows = await db.selectFrom(table).where('tenant_id', '=', tenantId).selectAll().orderBy('sort').execute();
      return rows.map((r) => ({ id: r.id, name: r.name, icon: r.icon, count: byId.get(r.id) ?? 0 }));
    },

    // ------------------------------------------------------------ favourites

    favouriteIds(tenantId: string, userId: string, ids?: string[]) {
      let q = db.selectFrom('svc_favourites').where('tenant_id', '=', tenantId).where('user_id', '=', userId);
      if (ids) {
        if (!ids.length) return Promise.resolve([] as Array<{ service_id: string; sort: number }>);
        q = q.where('service_id', 'in', ids);
      }
      return q.select(['service_id', 'sort']).orderBy('sort').orderBy('created_at').execute();
    },

    /**
     * Which of `ids` (a page of a list) the user has among their favourites. Every logged-in list request runs
     * it, so it is one SQL text written out rather than a Kysely query built per call, and without an order
     * (issue 13).
     */
    async favouritesAmong(tenantId: string, userId: string, ids: readonly string[]): Promise<Set<string>> {
      if (!ids.length) return new Set();
      const { rows } = await sql<{ service_id: string }>`
        select service_id from svc_favourites
        where tenant_id = ${tenantId} and user_id = ${userId} and service_id in (${sql.join(ids)})`.execute(db);
      return new Set(rows.map((r) => r.service_id));
    },

    /** Adds a favourite at the end; false when it was already there. */
    async addFavourite(tenantId: string, userId: string, serviceId: string, now: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const max = await trx
          .selectFrom('svc_favourites')
          .where('tenant_id', '=', tenantId)
          .where('user_id', '=', userId)
          .select((eb) => eb.fn.max<number>('sort').as('m'))
          .executeTakeFirst();
        const res = await trx
          .insertInto('svc_favourites')
          .values({
            tenant_id: tenantId,
            user_id: userId,
            service_id: serviceId,
            sort: Number(max?.m ?? 0) + 1,
            created_at: now,
          })
          .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'service_id']).doNothing())
          .executeTakeFirst();
        return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
      });
    },

    async countFavourites(tenantId: string, userId: string): Promise<number> {
      const r = await db
        .selectFrom('svc_favourites')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },

    async removeFavourite(tenantId: string, userId: string, serviceId: string): Promise<void> {
      await db
        .deleteFrom('svc_favourites')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .where('service_id', '=', serviceId)
        .execute();
    },

    /** Gives the listed favourites sort 1..n and pushes the others after them, keeping their order. */
    async reorderFavourites(tenantId: string, userId: string, orderedIds: string[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const all = await trx
          .selectFrom('svc_favourites')
          .where('tenant_id', '=', tenantId)
          .where('user_id', '=', userId)
          .select('service_id')
          .orderBy('sort')
          .orderBy('created_at')
          .execute();
        const listed = new Set(orderedIds);
        const order = [...orderedIds, ...all.map((r) => r.service_id).filter((id) => !listed.has(id))];
        for (const [i, id] of order.entries()) {
          await trx
            .updateTable('svc_favourites')
            .set({ sort: i + 1 })
            .where('tenant_id', '=', tenantId)
            .where('user_id', '=', userId)
            .where('service_id', '=', id)
            .execute();
        }
      });
    },

    // ------------------------------------------------------------ ratings

    quickLabels(tenantId: string) {
      return db.selectFrom('svc_quick_labels').where('tenant_id', '=', tenantId).selectAll().orderBy('sort').execute();
    },

    sensitiveWords(tenantId: string) {
      return db.selectFrom('svc_sensitive_words').where('tenant_id', '=', tenantId).select('word').execute();
    },

    async recordSensitiveHit(row: CatalogueTables['svc_sensitive_hits']): Promise<void> {
      await db.insertInto('svc_sensitive_hits').values(row).execute();
    },

    sensitiveHits(tenantId: string) {
      return db
        .selectFrom('svc_sensitive_hits')
        .where('tenant_id', '=', tenantId)
        .selectAll()
        .orderBy('created_at', 'desc')
        .execute();
    },

    ratingOf(tenantId: string, serviceId: string, userId: string) {
      return db
        .selectFrom('svc_ratings')
        .where('tenant_id', '=', tenantId)
        .where('service_id', '=', serviceId)
        .where('user_id', '=', userId)
        .selectAll()
        .executeTakeFirst();
    },

    /**
     * A rating, with the catalogue version raised in its transaction: the lists' and searches' average scores are
     * prepared per version (ADR 0018, 0043), so the rater's next page shows the rating, on every node.
     */
    async insertRating(row: CatalogueTables['svc_ratings']): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('svc_ratings').values(row).execute();
        await bumpCatalogue(trx, row.tenant_id, [row.service_id]);
      });
    },

    async ratings(tenantId: string, serviceId: string) {
      return db
        .selectFrom('svc_ratings')
        .where('tenant_id', '=', tenantId)
        .where('service_id', '=', serviceId)
        .select(['score', 'labels'])
        .execute();
    },

    /** The services a user opened, latest first: one row per service with its last time and count. */
    async recentClicks(tenantId: string, userId: string, limit: number) {
      const rows = await db
        .selectFrom('svc_clicks')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .groupBy('service_id')
        .select((eb) => ['service_id', eb.fn.max('created_at').as('last_at'), eb.fn.countAll<number>().as('n')])
        .orderBy('last_at', 'desc')
        .orderBy('service_id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ serviceId: r.service_id, lastAt: String(r.last_at), count: Number(r.n) }));
    },

    /** A user's own ratings, latest first, with the service's name and icon (the service may be offline now). */
    async ownRatings(tenantId: string, userId: string, limit: number, offset: number) {
      const base = db
        .selectFrom('svc_ratings as r')
        .where('r.tenant_id', '=', tenantId)
        .where('r.user_id', '=', userId);
      const [rows, total] = await Promise.all([
        base
          .leftJoin('svc_services as s', (j) =>
            j.onRef('s.id', '=', 'r.service_id').onRef('s.tenant_id', '=', 'r.tenant_id'),
          )
          .select([
            'r.service_id',
            'r.score',
            'r.labels',
            'r.comment',
            'r.created_at',
            's.service_name',
            's.service_icon',
          ])
          .orderBy('r.created_at', 'desc')
          .orderBy('r.id')
          .limit(limit)
          .offset(offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },

    ratingComments(tenantId: string, serviceId: string, limit: number, offset: number) {
      return db
        .selectFrom('svc_ratings')
        .where('tenant_id', '=', tenantId)
        .where('service_id', '=', serviceId)
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    // ------------------------------------------------------------ guides, clicks, search words

    guide(tenantId: string, serviceId: string) {
      return db
        .selectFrom('svc_guides')
        .where('tenant_id', '=', tenantId)
        .where('service_id', '=', serviceId)
        .selectAll()
        .executeTakeFirst();
    },

    heatWords(tenantId: string, size: number) {
      return db
        .selectFrom('svc_search_words')
        .where('tenant_id', '=', tenantId)
        .where('searchers', '>=', HOT_WORD_MIN_SEARCHERS)
        .select('keyword')
        .orderBy('searchers', 'desc')
        .orderBy('hits', 'desc')
        .orderBy('last_at', 'desc')
        .limit(size)
        .execute();
    },

    searchMisses(tenantId: string, limit: number, offset: number) {
      return db
        .selectFrom('svc_search_words')
        .where('tenant_id', '=', tenantId)
        .where('misses', '>', 0)
        .selectAll()
        .orderBy('misses', 'desc')
        .orderBy('last_at', 'desc')
        .orderBy('keyword', 'asc')
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async countSearchMisses(tenantId: string): Promise<number> {
      const row = await db
        .selectFrom('svc_search_words')
        .where('tenant_id', '=', tenantId)
        .where('misses', '>', 0)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    // ------------------------------------------------------------ landing, labels, tools

    landing(tenantId: string) {
      return db.selectFrom('svc_landing_configs').where('tenant_id', '=', tenantId).selectAll().executeTakeFirst();
    },

    tenant(tenantId: string) {
      return db
        .selectFrom('tenants')
        .where('tenant_id', '=', tenantId)
        .select(['tenant_id', 'tenant_name'])
        .executeTakeFirst();
    },

    shelfLabels(tenantId: string) {
      return db.selectFrom('svc_shelf_labels').where('tenant_id', '=', tenantId).selectAll().orderBy('sort').execute();
    },

    tools(tenantId: string) {
      return db.selectFrom('cygj_tools').where('tenant_id', '=', tenantId).selectAll().orderBy('sort').execute();
    },

    navigationBars(tenantId: string) {
      return db
        .selectFrom('cygj_navigation_bars')
        .where('tenant_id', '=', tenantId)
        .selectAll()
        .orderBy('sort')
        .execute();
    },

    roles(tenantId: string) {
      return db.selectFrom('roles').where('tenant_id', '=', tenantId).select(['id', 'role_name']).execute();
    },

    // ------------------------------------------------------------ service icons, account bindings (7.4)

    async setIcon(tenantId: string, serviceId: string, url: string, now: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('svc_services')
          .set({ service_icon: url, updated_at: now })
          .where('tenant_id', '=', tenantId)
          .where('id', '=', serviceId)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows)) await bumpCatalogue(trx, tenantId, [serviceId]);
      });
    },

    bindings(tenantId: string, userId: string) {
      return db
        .selectFrom('account_bindings')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .selectAll()
        .orderBy('bound_at')
        .orderBy('source')
        .execute();
    },

    /** Removes the user's binding of one platform; the number of rows removed (0 or 1). */
    async removeBinding(tenantId: string, userId: string, source: string): Promise<number> {
      const r = await db
        .deleteFrom('account_bindings')
        .where('tenant_id', '=', tenantId)
        .where('user_id', '=', userId)
        .where('source', '=', source)
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}

export type ServicesRepository = ReturnType<typeof servicesRepository>;
export type ServiceListRow = Awaited<ReturnType<ServicesRepository['page']>>[number];
