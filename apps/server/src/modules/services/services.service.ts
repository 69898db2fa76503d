import { MESSAGES } from '@portal/contracts/errors';
import {
  BIND_SOURCES,
  BIND_TEXTS,
  SERVICE_TEXTS,
  FAVOURITES_MAX,
  type AccountBinding,
  type BindSource,
  type CanUserRate,
  type FooterConfig,
  type GroupKind,
  type LandingConfig,
  type LandingIndex,
  type QuickScoreLabel,
  type SearchMiss,
  type MyRatesPage,
  type RecentService,
  type ServiceCount,
  type ServiceDetail,
  type ServiceGroup,
  type ServiceGroupWithServices,
  type ServiceGuide,
  type ServiceItem,
  type ServicePage,
  type ServiceRateDetail,
  type ToolItem,
  type NavigationBarItem,
  type ShelfLabel,
} from '@portal/contracts/services';
import type { Db } from '../../db/create-db.ts';
import { isUniqueViolation, nowIso } from '../../db/sql-helpers.ts';
import { newId } from '../../platform/crypto.ts';
import { preparedResult } from '../../platform/prepared-answer.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { RequestContext } from '../../platform/http.ts';
import { pageResult, type Page } from '../../platform/page.ts';
import { catalogueReads } from './catalogue-reads.repository.ts';
import {
  servicesRepository,
  type GroupTable,
  type ServiceFilter,
  type ServiceListRow,
  type ServiceOrder,
  type Viewer,
} from './services.repository.ts';
import { normalize, type ServiceVisibility } from './services.search.ts';
import { bumpHeat, searchIndexFor } from './search-indexes.ts';
import { recordVisit } from './visits.ts';
import { flushSearchWords, recordSearchWord, searcherOf } from './search-words.ts';
import { VISITS_MAX_AGE_MS, prepared, preparedAt } from './catalogue-cache.ts';
import type { CatalogueRead } from './catalogue-along.ts';
import { catalogueVersion } from './catalogue-version.ts';

/**
 * Who calls and for which tenant: the token's user, or an anonymous visitor of a named tenant; `read`, what the
 * request read along with its session or tenant check (catalogue-along.ts), when its route declares it.
 */
export type Caller = { db: Db; tenantId: string; user: RequestContext | null; viewer: Viewer; read?: CatalogueRead };

export function callerFor(db: Db, tenantId: string, user: RequestContext | null, read?: CatalogueRead): Caller {
  return {
    db,
    tenantId,
    user,
    viewer: { userId: user?.userId ?? null, roleId: user?.roleId ?? null, admin: user?.roleType === 'admin' },
    ...(read ? { read } : {}),
  };
}

/**
 * `prepared` at the catalogue version this request read along with its session (one statement, ADR 0043), or
 * reading the version now when its route reads none.
 */
function preparedFor<T>(c: Caller, key: string, compute: () => Promise<T>, maxAgeMs?: number): Promise<T> {
  return c.read
    ? preparedAt(c.db, c.tenantId, c.read.version, key, compute, maxAgeMs)
    : prepared(c.db, c.tenantId, key, compute, maxAgeMs);
}

const repo = (c: Caller) => servicesRepository(c.db);

/** Rows → service items, with the average scores and (unless `favourites` is false) the caller's favourites. */
async function toItems(c: Caller, rows: ServiceListRow[], favourites = true): Promise<ServiceItem[]> {
  const ids = rows.map((r) => r.id);
  // A user's favourites: those the request read along with its session (ADR 0043), else one query.
  const known = favourites ? c.read?.favourites : undefined;
  const [favs, scores] = await Promise.all([
    c.viewer.userId && favourites && !known
      ? repo(c).favouriteIds(c.tenantId, c.viewer.userId, ids)
      : Promise.resolve([]),
    repo(c).ratingSummary(c.tenantId, ids),
  ]);
  const collected = known ?? new Set(favs.map((f) => f.service_id));
  return rows.map((r) => ({
    serviceId: r.id,
    serviceName: r.service_name,
    serviceIcon: r.service_icon,
    shelfLabelName: r.shelf_label_name,
    labelName: r.label_name,
    serviceDeptName: r.dept_name,
    serviceSceneName: r.scene_name,
    visitCount: Number(r.visit_count),
    processType: r.process_type,
    hasGuide: Boolean(r.has_guide),
    accessWay: r.access_way,
    openWay: r.open_way,
    serviceUrl: r.service_url,
    serviceType: r.business_type as ServiceItem['serviceType'],
    serviceTypeName: r.type_name,
    deptId: r.dept_id,
    sceneId: r.scene_id,
    typeId: r.type_id,
    isPublic: r.is_public === 1,
    launchedAt: r.launched_at,
    collected: collected.has(r.id),
    score: scores.get(r.id)?.avg ?? 0,
    rateCount: scores.get(r.id)?.count ?? 0,
  }));
}

/** Rows in the order of the given ids. */
function inOrder<T extends { id: string }>(rows: T[], ids: string[]): T[] {
  const m = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => m.get(id)).filter((r): r is T => !!r);
}

export type PageInput = {
  current: number;
  size: number;
  serviceType?: string | undefined;
  deptId?: string | undefined;
  sceneId?: string | undefined;
  typeId?: string | undefined;
  processType?: string | undefined;
  keyword?: string | undefined;
};

/** Who sees the same services: visitors, administrators, or the holders of one role. */
const audienceOf = (v: Viewer) => (!v.userId ? 'visitor' : v.admin ? 'admin' : `role:${v.roleId ?? ''}`);

/** How many services match a filter for the caller: computed once per catalogue version (ADR 0018). */
function countOf(c: Caller, f: ServiceFilter): Promise<number> {
  return preparedFor(c, `count|${audienceOf(c.viewer)}|${JSON.stringify(f)}`, () =>
    repo(c).count(c.tenantId, c.viewer, f),
  );
}

/** serverCenter/page, nobody/serverCenter/page. */
export async function page(c: Caller, input: PageInput, order: ServiceOrder = 'sort'): Promise<ServicePage> {
  const f: ServiceFilter = {
    businessType: input.serviceType || undefined,
    deptId: input.deptId || undefined,
    sceneId: input.sceneId || undefined,
    typeId: input.typeId || undefined,
    processType: input.processType || undefined,
    keyword: input.keyword || undefined,
  };
  const shared = await forAudience(c, `page|${order}|${input.current}|${input.size}|${JSON.stringify(f)}`, async () => {
    const [rows, total] = await Promise.all([
      repo(c).page(c.tenantId, c.viewer, f, order, input.size, (input.current - 1) * input.size),
      countOf(c, f),
    ]);
    return pageResult(await toItems(c, rows, false), total, input.current, input.size);
  });
  if (!c.viewer.userId) return shared;
  const records = await withCollected(c, shared.records);
  return records === shared.records ? shared : { ...shared, records };
}

/** serverCenter/customPage: the chosen services in the given order, those the caller may see. */
export async function customPage(
  c: Caller,
  input: { serviceIds: string[]; current: number; size: number },
): Promise<ServicePage> {
  const rows = inOrder(await repo(c).byIds(c.tenantId, c.viewer, [...new Set(input.serviceIds)]), input.serviceIds);
  const slice = rows.slice((input.current - 1) * input.size, input.current * input.size);
  return pageResult(await toItems(c, slice), rows.length, input.current, input.size);
}

/**
 * What a list shows is the same for every member of an audience (the visitors of a tenant, the holders of a
 * role, its administrators): prepared once per catalogue version (ADR 0018), and only the caller's own
 * favourites are added per request (withCollected). Lists carry visit counts and average scores, which move
 * with clicks and ratings rather than catalogue changes: those values are at most VISITS_MAX_AGE_MS old; what
 * is listed never lags the catalogue.
 */
function forAudience<T>(c: Caller, key: string, compute: () => Promise<T>, maxAgeMs = VISITS_MAX_AGE_MS): Promise<T> {
  return preparedFor(c, `${audienceOf(c.viewer)}|${key}`, compute, maxAgeMs);
}

/**
 * Marks the caller's favourites among shared items (one query; the shared items are not changed). When none of
 * them is a favourite, the shared array itself comes back, so its prepared answer is reused (prepared-answer.ts).
 */
async function withCollected(c: Caller, items: ServiceItem[]): Promise<ServiceItem[]> {
  if (!c.viewer.userId || !items.length) return items;
  const favs =
    c.read?.favourites ??
    (await repo(c).favouritesAmong(
      c.tenantId,
      c.viewer.userId,
      items.map((i) => i.serviceId),
    ));
  if (!items.some((i) => favs.has(i.serviceId))) return items;
  return items.map((i) => (favs.has(i.serviceId) ? { ...i, collected: true } : i));
}

/** A few services by heat, launch date, shelf label or access way. */
export async function top(
  c: Caller,
  input: { size: number; serviceType?: string | undefined; shelfLabelName?: string | undefined },
  order: ServiceOrder,
  extra: ServiceFilter = {},
): Promise<ServiceItem[]> {
  const f: ServiceFilter = { businessType: input.serviceType || undefined, ...extra };
  const shared = await forAudience(c, `top|${order}|${input.size}|${JSON.stringify(f)}`, async () =>
    toItems(c, await repo(c).page(c.tenantId, c.viewer, f, order, input.size, 0), false),
  );
  return withCollected(c, shared);
}

/** serviceCount, getStatisticData. */
export async function statistic(c: Caller): Promise<ServiceCount> {
  return preparedFor(c, `statistic|${audienceOf(c.viewer)}`, () => computeStatistic(c), VISITS_MAX_AGE_MS);
}

async function computeStatistic(c: Caller): Promise<ServiceCount> {
  const rows = await repo(c).statistic(c.tenantId, c.viewer);
  const sum = (pred: (r: (typeof rows)[number]) => boolean) => rows.filter(pred).reduce((a, r) => a + r.n, 0);
  return {
    serviceCount: sum(() => true),
    applicationCount: sum((r) => r.business_type === 'APPLICATION'),
    processCount: sum((r) => r.business_type === 'PROCESS'),
    onlineCount: sum((r) => r.process_type !== 'OFFLINE'),
    deptCount: new Set(rows.map((r) => r.dept_id)).size,
    sceneCount: new Set(rows.map((r) => r.scene_id)).size,
    visitCount: rows.reduce((a, r) => a + r.visits, 0),
  };
}

const GROUP_TABLES: Record<GroupKind, GroupTable> = { dept: 'svc_depts', scene: 'svc_scenes', type: 'svc_types' };
const GROUP_FILTER: Record<GroupKind, keyof ServiceFilter> = { dept: 'deptId', scene: 'sceneId', type: 'typeId' };

/** serviceScene / serviceDept / serviceType listByUser. */
export async function groups(c: Caller, kind: GroupKind, serviceType?: string): Promise<ServiceGroup[]> {
  return preparedFor(c, `groups|${audienceOf(c.viewer)}|${kind}|${serviceType ?? ''}`, () =>
    repo(c).groups(c.tenantId, GROUP_TABLES[kind], c.viewer, serviceType || undefined),
  );
}

/** nobody/prepareLogin/queryServiceByType. */
export async function servicesOfGroup(
  c: Caller,
  kind: GroupKind,
  groupId: string,
  current: number,
  size: number,
): Promise<ServicePage> {
  return page(c, { current, size, [GROUP_FILTER[kind]]: groupId });
}

/**
 * nobody/prepareLogin/queryAllServiceByType: every non-empty group with its first `perGroup` services by heat —
 * what the landing page's tabs show, read in one query (the first services of every group by a window
 * function) and one look-up of scores, instead of a query per group.
 */
export async function allGroupsWithServices(
  c: Caller,
  kind: GroupKind,
  perGroup: number,
): Promise<ServiceGroupWithServices[]> {
  return forAudience(c, `groupsWithServices|${kind}|${perGroup}`, async () => {
    const [gs, rows] = await Promise.all([
      groups(c, kind),
      repo(c).topPerGroup(c.tenantId, c.viewer, GROUP_COLUMNS[kind], perGroup),
    ]);
    const items = await toItems(c, rows, false);
    const byGroup = new Map<string, ServiceItem[]>();
    for (const it of items) {
      const gid = kind === 'dept' ? it.deptId : kind === 'scene' ? it.sceneId : it.typeId;
      byGroup.set(gid, [...(byGroup.get(gid) ?? []), it]);
    }
    return gs.filter((g) => g.count > 0).map((g) => ({ ...g, services: byGroup.get(g.id) ?? [] }));
  });
}
const GROUP_COLUMNS = { dept: 'dept_id', scene: 'scene_id', type: 'type_id' } as const;

async function requireVisible(c: Caller, serviceId: string): Promise<ServiceListRow> {
  const [row] = await repo(c).byIds(c.tenantId, c.viewer, [serviceId]);
  if (row) return row;
  const any = await repo(c).findAny(c.tenantId, serviceId);
  if (!any) throw notFound(SERVICE_TEXTS.noSuchService, `serviceId ${serviceId}`);
  throw forbidden(
    c.viewer.userId ? SERVICE_TEXTS.notVisible : SERVICE_TEXTS.notOpenToVisitors,
    `serviceId ${serviceId}`,
  );
}

/** serverCenter/details (logged in) and customDetails (anonymous: services open to visitors only). */
export async function details(c: Caller, serviceId: string): Promise<ServiceDetail> {
  const row = await requireVisible(c, serviceId);
  const [[item], roles, scores] = await Promise.all([
    toItems(c, [row]),
    repo(c).rolesOf(c.tenantId, [serviceId]),
    repo(c).ratingSummary(c.tenantId, [serviceId]),
  ]);
  return {
    ...item!,
    description: row.description,
    roleIds: c.viewer.userId ? (roles.get(serviceId) ?? []) : [],
    rateCount: scores.get(serviceId)?.count ?? 0,
  };
}

/**
 * Of the given services, those the caller may see by the list's rule (servicesRepository.visible: on the shelf and
 * open to the caller's role, or to visitors): for other modules that list catalogue services (the three lists), so
 * what they offer can be opened.
 */
export async function visibleIds(c: Caller, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await repo(c).visible(c.tenantId, c.viewer, ids).select('s.id').execute();
  return new Set(rows.map((r) => r.id));
}

// ---------------------------------------------------------------- favourites

export async function collect(
  c: Caller,
  user: RequestContext,
  serviceId: string,
): Promise<{ serviceId: string; collected: boolean }> {
  await requireVisible(c, serviceId);
  if ((await repo(c).countFavourites(c.tenantId, user.userId)) >= FAVOURITES_MAX) {
    const already = await repo(c).favouriteIds(c.tenantId, user.userId, [serviceId]);
    if (!already.length) throw badRequest(SERVICE_TEXTS.tooManyFavourites);
  }
  await repo(c).addFavourite(c.tenantId, user.userId, serviceId, nowIso());
  return { serviceId, collected: true };
}

/** Idempotent: cancelling a service that is not a favourite succeeds and changes nothing. */
export async function cancelCollect(
  c: Caller,
  user: RequestContext,
  serviceId: string,
): Promise<{ serviceId: string; collected: boolean }> {
  await repo(c).removeFavourite(c.tenantId, user.userId, serviceId);
  return { serviceId, collected: false };
}

/** serverCenter/myCollect: the favourites in the user's order (those still visible). */
export async function myCollect(c: Caller, user: RequestContext): Promise<ServiceItem[]> {
  const favs = await repo(c).favouriteIds(c.tenantId, user.userId);
  const ids = favs.map((f) => f.service_id);
  return toItems(c, inOrder(await repo(c).byIds(c.tenantId, c.viewer, ids), ids));
}

/** Click groups fetched beyond the asked size, so services no longer visible can be dropped and the list stays full. */
const RECENT_SLACK = 20;

/** serverCenter/myRecent: the services the user opened lately (still online and open to them), latest first. */
export async function myRecent(c: Caller, user: RequestContext, size: number): Promise<RecentService[]> {
  const clicks = await repo(c).recentClicks(c.tenantId, user.userId, size + RECENT_SLACK);
  const ids = clicks.map((k) => k.serviceId);
  const items = await toItems(c, inOrder(await repo(c).byIds(c.tenantId, c.viewer, ids), ids));
  const by = new Map(clicks.map((k) => [k.serviceId, k]));
  return items
    .slice(0, size)
    .map((i) => ({ ...i, lastUsedAt: by.get(i.serviceId)!.lastAt, useCount: by.get(i.serviceId)!.count }));
}

/** serverCenter/myRates: the user's own ratings, latest first; `available` tells whether the service can still be opened. */
export async function myRates(c: Caller, user: RequestContext, current: number, size: number): Promise<MyRatesPage> {
  const { rows, total } = await repo(c).ownRatings(c.tenantId, user.userId, size, (current - 1) * size);
  const open = new Set(
    (
      await repo(c).byIds(
        c.tenantId,
        c.viewer,
        rows.map((r) => r.service_id),
      )
    ).map((r) => r.id),
  );
  return pageResult(
    rows.map((r) => ({
      serviceId: r.service_id,
      serviceName: r.service_name ?? '',
      serviceIcon: r.service_icon ?? '',
      available: open.has(r.service_id),
      score: Number(r.score),
      labels: JSON.parse(r.labels) as string[],
      comment: r.comment,
      createdAt: r.created_at,
    })),
    total,
    current,
    size,
  );
}

/** serverCenter/changeOrder: the listed favourites first, in that order; the rest keep theirs after them. */
export async function changeOrder(c: Caller, user: RequestContext, serviceIds: string[]): Promise<ServiceItem[]> {
  if (new Set(serviceIds).size !== serviceIds.length) throw badRequest('排序中包含重复的服务');
  const favs = new Set((await repo(c).favouriteIds(c.tenantId, user.userId)).map((f) => f.service_id));
  const unknown = serviceIds.filter((id) => !favs.has(id));
  if (unknown.length) throw badRequest(SERVICE_TEXTS.notFavourite, `serviceId ${unknown.join(',')}`);
  await repo(c).reorderFavourites(c.tenantId, user.userId, serviceIds);
  return myCollect(c, user);
}

// ---------------------------------------------------------------- search

/** Whether the caller may see an indexed service: the rules of servicesRepository.visible, in memory. */
function visibleIn(c: Caller, serviceType: string | undefined) {
  const v = c.viewer;
  return (d: ServiceVisibility) => {
    if (serviceType && d.businessType !== serviceType) return false;
    if (!v.userId) return d.isPublic === true && !d.roles?.length;
    if (v.admin) return true;
    return !d.roles?.length || d.roles.includes(v.roleId ?? '');
  };
}

/**
 * searchService (both variants): relevance then heat, from the tenant's inverted index with visibility
 * applied in memory; the word and who searched it (the user, else the client `address`) are counted off the
 * request path (search-words.ts). The page's rows are read through the visibility query again, so a hit never
 * shows what the caller may not see.
 *
 * A page of a search is the same for every member of an audience at one catalogue version, like a list: it is
 * prepared once per (audience, type, keyword, page) and version, apart from the lists (catalogue-cache.ts's
 * 'search' space), and only the caller's favourites are marked per request. Its order by heat is at most
 * VISITS_MAX_AGE_MS old, as the lists' visit counts are; what it finds never lags the catalogue (ADR 0043).
 */
export async function search(
  c: Caller,
  input: { keyword: string; current: number; size: number; serviceType?: string | undefined },
  address?: string,
): Promise<ServicePage> {
  const serviceType = input.serviceType || undefined;
  const version = c.read?.version ?? (await catalogueVersion(c.db, c.tenantId));
  const key = `${audienceOf(c.viewer)}|${serviceType ?? ''}|${input.current}|${input.size}|${input.keyword}`;
  const shared = await preparedAt(
    c.db,
    c.tenantId,
    version,
    key,
    async () => {
      const index = await searchIndexFor(c.db, c.tenantId, version);
      const { total, hits } = index.page(
        input.keyword,
        visibleIn(c, serviceType),
        (input.current - 1) * input.size,
        input.current * input.size,
      );
      const ids = hits.map((h) => h.id);
      const rows = inOrder(await repo(c).byIds(c.tenantId, c.viewer, ids), ids);
      return pageResult(await toItems(c, rows, false), total, input.current, input.size);
    },
    VISITS_MAX_AGE_MS,
    'search',
  );
  const searcher = searcherOf(c.viewer.userId, address);
  recordSearchWord(c.db, c.tenantId, input.keyword.trim().slice(0, 50), shared.total > 0, searcher);
  const records = await withCollected(c, shared.records);
  return records === shared.records ? shared : { ...shared, records };
}

/** guide/lucene/search. */
export async function searchGuides(c: Caller, keyword: string, size: number) {
  const index = await searchIndexFor(c.db, c.tenantId, c.read?.version);
  return index
    .searchGuides(keyword, visibleIn(c, undefined), size)
    .map((h) => ({ serviceId: h.id, serviceName: h.name, snippet: h.snippet, score: h.score }));
}

/**
 * searchHeatWord (both variants, and the landing index): the words the most people of the tenant searched (ADR 0066:
 * a user, or a visitor's address, counts once), HOT_WORD_MIN_SEARCHERS of them at least, that a service this caller
 * may see holds whole, in its name, labels or groups (ServiceSearchIndex.namesHold), each word once as the catalogue
 * spells it — a visitor is never offered 请假 when only logged-in roles may see the leave services (issue 16), and
 * nobody's own phrase, or a word one person searched again and again, reaches the landing page.
 * The same for every caller of one audience (visitors, administrators, one role), at most VISITS_MAX_AGE_MS old.
 */
export async function heatWords(c: Caller, size: number): Promise<string[]> {
  const v = c.viewer;
  const audience = !v.userId ? 'visitor' : v.admin ? 'admin' : `role:${v.roleId ?? ''}`;
  return preparedFor(
    c,
    `heatWords|${size}|${audience}`,
    async () => {
      const [words, index] = await Promise.all([
        repo(c).heatWords(c.tenantId, size * 8),
        searchIndexFor(c.db, c.tenantId, c.read?.version),
      ]);
      const visible = visibleIn(c, undefined);
      // One entry per word however it was typed (VPN, vpn, Vpn; 图书续借, 图书 续借), as the catalogue spells it.
      const out = new Map<string, string>();
      for (const r of words) {
        const spelled = index.namesHold(r.keyword, visible);
        const key = spelled && normalize(spelled);
        if (key && !out.has(key)) out.set(key, spelled);
        if (out.size === size) break;
      }
      return [...out.values()];
    },
    VISITS_MAX_AGE_MS,
  );
}

/** serverCenter/searchMiss/page: zero-result searches, for administrators, paged. */
export async function searchMisses(
  c: Caller,
  user: RequestContext,
  input: { current: number; size: number },
): Promise<Page<SearchMiss>> {
  if (user.roleType !== 'admin') throw forbidden(SERVICE_TEXTS.adminOnly);
  await flushSearchWords(c.db);
  const [rows, total] = await Promise.all([
    repo(c).searchMisses(c.tenantId, input.size, (input.current - 1) * input.size),
    repo(c).countSearchMisses(c.tenantId),
  ]);
  return pageResult(
    rows.map((r) => ({ keyword: r.keyword, count: Number(r.misses), lastAt: r.last_at })),
    total,
    input.current,
    input.size,
  );
}

// ---------------------------------------------------------------- clicks

/** userClickVisitLog/clickService: every open logs a click; the visit count and heat follow. */
/** clickService: counts at most one visit per visitor (visitorOf), service and hour (visits.ts). */
export async function click(c: Caller, serviceId: string, visitor: string): Promise<{ visitCount: number }> {
  await requireVisible(c, serviceId);
  const counted = await recordVisit(c.db, {
    tenantId: c.tenantId,
    serviceId,
    userId: c.viewer.userId,
    visitor,
    id: newId(),
    at: nowIso(),
  });
  if (counted) bumpHeat(c.db, c.tenantId, serviceId);
  const row = await repo(c).findAny(c.tenantId, serviceId);
  return { visitCount: Number(row?.visit_count ?? 0) };
}

// ---------------------------------------------------------------- ratings

export async function quickLabels(c: Caller): Promise<QuickScoreLabel[]> {
  return (await repo(c).quickLabels(c.tenantId)).map((l) => ({
    id: l.id,
    labelName: l.label_name,
    minScore: l.min_score,
    maxScore: l.max_score,
    labelNameEn: l.label_name_en,
  }));
}

export async function canUserRate(c: Caller, user: RequestContext, serviceId: string): Promise<CanUserRate> {
  await requireVisible(c, serviceId);
  const mine = await repo(c).ratingOf(c.tenantId, serviceId, user.userId);
  return mine
    ? { canRate: false, rated: true, score: mine.score, reason: SERVICE_TEXTS.alreadyRated }
    : { canRate: true, rated: false, score: null, reason: '' };
}

const squash = (s: string) => normalize(s).replace(/[\p{P}\p{S}]/gu, '');

/** The configured sensitive words a text contains (ignoring case, width, spaces and punctuation between characters). */
export async function sensitiveWordsIn(c: Caller, text: string): Promise<string[]> {
  if (!text) return [];
  const t = squash(text);
  return (await repo(c).sensitiveWords(c.tenantId))
    .map((w) => w.word)
    .filter((w) => squash(w) && t.includes(squash(w)));
}

/** serverCenter/rateService: one rating per user and service; quick labels must fit the score; sensitive words are refused and recorded. */
export async function rate(
  c: Caller,
  user: RequestContext,
  input: { serviceId: string; score: number; labels: string[]; comment: string },
): Promise<CanUserRate> {
  await requireVisible(c, input.serviceId);
  const words = await sensitiveWordsIn(c, input.comment);
  if (words.length) {
    await repo(c).recordSensitiveHit({
      id: newId(),
      tenant_id: c.tenantId,
      user_id: user.userId,
      service_id: input.serviceId,
      content: input.comment,
      words: words.join(','),
      created_at: nowIso(),
    });
    throw badRequest(MESSAGES.sensitiveWord, `words ${words.length}`);
  }
  const labels = [...new Set(input.labels)];
  if (labels.length) {
    const known = await repo(c).quickLabels(c.tenantId);
    const bad = labels.filter(
      (l) => !known.some((k) => k.label_name === l && input.score >= k.min_score && input.score <= k.max_score),
    );
    if (bad.length) throw badRequest(SERVICE_TEXTS.unknownLabel, `labels ${bad.join(',')}`);
  }
  if (await repo(c).ratingOf(c.tenantId, input.serviceId, user.userId)) throw conflict(SERVICE_TEXTS.alreadyRated);
  try {
    await repo(c).insertRating({
      id: newId(),
      tenant_id: c.tenantId,
      service_id: input.serviceId,
      user_id: user.userId,
      user_name: user.nickName || user.userName,
      score: input.score,
      labels: JSON.stringify(labels),
      comment: input.comment,
      created_at: nowIso(),
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(SERVICE_TEXTS.alreadyRated);
    throw err;
  }
  return { canRate: false, rated: true, score: input.score, reason: SERVICE_TEXTS.alreadyRated };
}

/** Masks a rater's name for the public detail: 张小华 → 张**. */
const maskName = (n: string) => (n.length <= 1 ? '*' : `${[...n][0]}${'*'.repeat(Math.min(2, [...n].length - 1))}`);

/** nobody/serverCenter/serviceRateDetail. */
export async function rateDetail(
  c: Caller,
  serviceId: string,
  current: number,
  size: number,
): Promise<ServiceRateDetail> {
  await requireVisible(c, serviceId);
  const all = await repo(c).ratings(c.tenantId, serviceId);
  const comments = await repo(c).ratingComments(c.tenantId, serviceId, size, (current - 1) * size);
  const labelCounts = new Map<string, number>();
  for (const r of all)
    for (const l of JSON.parse(r.labels) as string[]) labelCounts.set(l, (labelCounts.get(l) ?? 0) + 1);
  const count = all.length;
  return {
    serviceId,
    average: count ? Math.round((all.reduce((a, r) => a + r.score, 0) / count) * 10) / 10 : 0,
    count,
    distribution: [5, 4, 3, 2, 1].map((score) => ({ score, count: all.filter((r) => r.score === score).length })),
    labels: [...labelCounts].map(([labelName, n]) => ({ labelName, count: n })).sort((a, b) => b.count - a.count),
    comments: pageResult(
      comments.map((r) => ({
        userName: maskName(r.user_name),
        score: r.score,
        labels: JSON.parse(r.labels) as string[],
        comment: r.comment,
        createdAt: r.created_at,
      })),
      count,
      current,
      size,
    ),
  };
}

// ---------------------------------------------------------------- guides

export async function guide(c: Caller, serviceId: string): Promise<ServiceGuide> {
  const row = await requireVisible(c, serviceId);
  const g = await repo(c).guide(c.tenantId, serviceId);
  if (!g) throw notFound(SERVICE_TEXTS.noGuide, `serviceId ${serviceId}`);
  return { serviceId, serviceName: row.service_name, content: g.content, updatedAt: g.updated_at };
}

// ---------------------------------------------------------------- landing, labels, tools

const parse = <T>(s: string | undefined, fallback: T): T => {
  try {
    return s ? { ...fallback, ...(JSON.parse(s) as T) } : fallback;
  } catch {
    return fallback;
  }
};

export async function landingConfig(c: Caller): Promise<LandingConfig> {
  return preparedFor(c, 'landingConfig', () => readLandingConfig(c));
}

async function readLandingConfig(c: Caller): Promise<LandingConfig> {
  const tenant = await repo(c).tenant(c.tenantId);
  const row = await repo(c).landing(c.tenantId);
  return parse<LandingConfig>(row?.config, landingDefaults(tenant?.tenant_name ?? ''));
}

/** The landing page before a tenant saves one; the pre-login page of the site settings starts from the same. */
export function landingDefaults(tenantName: string): LandingConfig {
  return {
    title: `${tenantName}网上办事服务大厅`,
    subtitle: '',
    logo: '',
    banner: '',
    searchPlaceholder: '',
    titleEn: '',
    subtitleEn: '',
    searchPlaceholderEn: '',
    showStatistic: true,
    showScenes: true,
    showDepts: true,
    showTypes: true,
    showNewly: true,
    showPopular: true,
    showTools: true,
  };
}

export async function footerConfig(c: Caller): Promise<FooterConfig> {
  return preparedFor(c, 'footerConfig', () => readFooterConfig(c));
}

async function readFooterConfig(c: Caller): Promise<FooterConfig> {
  const tenant = await repo(c).tenant(c.tenantId);
  const row = await repo(c).landing(c.tenantId);
  return parse<FooterConfig>(row?.footer, {
    schoolName: tenant?.tenant_name ?? '',
    address: '',
    phone: '',
    email: '',
    copyright: '',
    icp: '',
    links: [],
  });
}

/** The browse tab the landing page opens on: the first kind its configuration shows (landing-page.tsx's order). */
function firstTab(config: LandingConfig): GroupKind | null {
  return config.showScenes ? 'scene' : config.showDepts ? 'dept' : config.showTypes ? 'type' : null;
}

/** The last index answer per (db, tenant and sizes), with the parts it was made of (landingIndex). */
const indexAnswers = new WeakMap<Db, Map<string, { parts: readonly unknown[]; value: LandingIndex }>>();
const INDEX_ANSWERS_MAX = 256;

/**
 * nobody/index/index: a visitor's whole landing page in one call (ADR 0051). Every part is the value its own call
 * answers (the same prepared object, at the catalogue version this request read along with its tenant check), so
 * the index is never staler nor fresher than the calls it replaces: catalogue changes (services, launches, groups,
 * the landing configuration, tools, navigation) move the version in their transaction on any node; visit counts
 * and heat follow within VISITS_MAX_AGE_MS, as in the lists. While every part is the same object, so is the
 * answer, which is therefore serialized and compressed once (prepared-answer.ts).
 */
export async function landingIndex(
  c: Caller,
  input: { size?: number | undefined; perGroup?: number | undefined } = {},
): Promise<LandingIndex> {
  const size = input.size ?? 8;
  const perGroup = input.perGroup ?? 8;
  const config = await landingConfig(c);
  const groupBy = firstTab(config);
  const [tenantName, footer, stat, words, bars, toolList, newly, heat, groups] = await Promise.all([
    c.read?.tenantName ??
      repo(c)
        .tenant(c.tenantId)
        .then((t) => t?.tenant_name ?? ''),
    footerConfig(c),
    statistic(c),
    heatWords(c, 8),
    navigationBars(c),
    tools(c),
    top(c, { size }, 'newest'),
    top(c, { size }, 'heat'),
    groupBy ? allGroupsWithServices(c, groupBy, perGroup) : null,
  ]);
  const parts = [tenantName, config, footer, stat, words, bars, toolList, newly, heat, groups] as const;
  let byKey = indexAnswers.get(c.db);
  if (!byKey) indexAnswers.set(c.db, (byKey = new Map()));
  const key = `${c.tenantId}|${size}|${perGroup}`;
  const last = byKey.get(key);
  if (last && last.parts.every((p, i) => p === parts[i])) return last.value;
  const value = preparedResult<LandingIndex>({
    tenantName,
    config,
    footer,
    statistic: stat,
    hotWords: words,
    navigationBars: bars,
    tools: toolList,
    newlyLaunched: newly,
    mostVisited: heat,
    groups: groupBy && groups ? { groupBy, perGroup, list: groups } : null,
  });
  if (byKey.size >= INDEX_ANSWERS_MAX) byKey.clear();
  byKey.set(key, { parts, value });
  return value;
}

export async function shelfLabels(c: Caller): Promise<ShelfLabel[]> {
  return (await repo(c).shelfLabels(c.tenantId)).map((l) => ({ id: l.id, labelName: l.label_name, color: l.color }));
}

export async function thirdParty(c: Caller) {
  const rows = await forAudience(
    c,
    'thirdParty',
    () => repo(c).page(c.tenantId, c.viewer, { accessWay: '3' }, 'sort', 100, 0),
    Infinity,
  );
  return rows.map((r) => ({
    serviceId: r.id,
    serviceName: r.service_name,
    serviceIcon: r.service_icon,
    serviceUrl: r.service_url,
  }));
}

export async function tools(c: Caller): Promise<ToolItem[]> {
  return preparedFor(c, 'tools', async () =>
    (await repo(c).tools(c.tenantId)).map((t) => ({
      id: t.id,
      tools_icon: t.tools_icon,
      tools_name: t.tools_name,
      tools_url: t.tools_url,
      tools_type: t.tools_type,
    })),
  );
}

export async function navigationBars(c: Caller): Promise<NavigationBarItem[]> {
  return preparedFor(c, 'navigationBars', async () =>
    (await repo(c).navigationBars(c.tenantId)).map((n) => ({
      id: n.id,
      name: n.name,
      url: n.url,
      sort: n.sort,
      nameEn: n.name_en,
    })),
  );
}

/** serverCenter/pageRoles: services with the roles that see them (administrator). */
export async function pageRoles(
  c: Caller,
  user: RequestContext,
  input: { current: number; size: number; keyword?: string | undefined },
) {
  if (user.roleType !== 'admin') throw forbidden(SERVICE_TEXTS.adminOnly);
  const p = await page(c, { current: input.current, size: input.size, keyword: input.keyword });
  const ids = p.records.map((r) => r.serviceId);
  const [roles, names] = await Promise.all([repo(c).rolesOf(c.tenantId, ids), repo(c).roles(c.tenantId)]);
  const nameOf = new Map(names.map((r) => [r.id, r.role_name]));
  return {
    ...p,
    records: p.records.map((r) => {
      const roleIds = roles.get(r.serviceId) ?? [];
      return {
        serviceId: r.serviceId,
        serviceName: r.serviceName,
        roleIds,
        roleNames: roleIds.map((id) => nameOf.get(id) ?? id),
      };
    }),
  };
}

// ---------------------------------------------------------------- account security (7.4)

/** accountSecurity/bindList: the caller's third-party bindings (the open id stays on the server). */
export async function bindList(c: Caller, user: RequestContext): Promise<AccountBinding[]> {
  return (await repo(c).bindings(c.tenantId, user.userId)).map((b) => ({
    id: b.id,
    source: b.source as BindSource,
    sourceName: BIND_SOURCES[b.source as BindSource] ?? b.source,
    nickName: b.nick_name,
    boundAt: b.bound_at,
  }));
}

/** accountSecurity/removeBind: unbinds the caller's account of one platform; only their own, in their tenant. */
export async function removeBind(
  c: Caller,
  user: RequestContext,
  source: BindSource,
): Promise<{ source: BindSource; removed: boolean }> {
  const n = await repo(c).removeBinding(c.tenantId, user.userId, source);
  if (!n) throw notFound(BIND_TEXTS.notBound, `source ${source}`);
  return { source, removed: true };
}

/**
 * The catalogue reads of the home page modules (cards, home-config, calendar-specials, site-settings, common):
 * services visible to a role, favourites, scenes, departments, landing counts and configuration (issue 15).
 */
export const catalogueReadsOf = (db: Db) => catalogueReads(db);
