import { CONFIGURATION_MENUS } from '@portal/contracts/routes';
import { CARD_ITEM_LIMIT_WIDE, CUSTOM_NAVIGATION_LIMIT } from '@portal/contracts/constants';
import { MESSAGES } from '@portal/contracts/errors';
import { isSafeLink } from '@portal/contracts/input';
import {
  DATA_SOURCES,
  WORKBENCH_MESSAGES,
  itemLimit,
  type Card,
  type CardColumn,
  type CardService,
  type CardView,
  type ColumnData,
  type DataSourceCode,
  type ExternalApi,
  type FooterInfo,
  type Holiday,
  type HolidayItem,
  type IndexType,
  type Layout,
  type NavigationItem,
  type NewsItem,
  type PreLoginConfig,
  type ServiceSpecial,
  type ServiceSpecialItem,
  type Theme,
  type ThemeDetail,
  type ToolItem,
  SERVICE_SPECIAL_SERVICES_MAX,
} from '@portal/contracts/workbench';
import type { z } from 'zod';
import type { CardBasicSubmit as CardBasicSubmitSchema, CardColumnSubmit as CardColumnSubmitSchema, CommonToolSave, ExternalApiSubmit, HolidaySubmit, IndexTypeSubmit, NavigationSubmit as NavigationSubmitSchema, ServiceSpecialSubmit, TodoRemindSubmit } from '@portal/contracts/workbench';
import type { WbCardColumnRow, WbCardRow, WbHolidayRow, WbNavigationRow, WbNewsRow } from '../../db/tables/workbench.ts';
import { nowIso } from '../../db/sql-helpers.ts';
import { newId } from '../../platform/crypto.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import type { AppDeps, RequestContext } from '../../platform/http.ts';
import { configurationMenu } from '../auth/auth.service.ts';
import { catalogueReads } from './workbench.catalogue.ts';
import { assertAllowedTarget, fetchExternalJson, listOf } from './workbench.fetch.ts';
import { workbenchRepository } from './workbench.repository.ts';

/** The configuration menu each administration call needs (section 6; 2.2 on the server). */
export const MENU = { cards: 'cardBusinessConfig', home: 'homePageConfig', navigation: 'addNavigation', preLogin: 'preLoginConfig' } as const;

const repo = (deps: AppDeps) => workbenchRepository(deps.db);
const cat = (deps: AppDeps) => catalogueReads(deps.db);
const ROW_LIMIT = 50;
const MAX_SERVICES = CARD_ITEM_LIMIT_WIDE[CARD_ITEM_LIMIT_WIDE.length - 1]!;

type CardExtra = { typeList: Card['typeList']; currentStatusBackgroundColor: Card['currentStatusBackgroundColor']; otherInformationList: Card['otherInformationList']; serviceIds: string[] };

function toCard(row: WbCardRow, roleIds: string[]): Card {
  const extra = JSON.parse(row.config) as CardExtra;
  return {
    id: row.id,
    cardType: row.card_type as Card['cardType'],
    basicConfig: { cardName: row.card_name, cardIntroduction: row.card_introduction, displayRows: row.display_rows },
    dataSource: row.data_source,
    typeList: extra.typeList ?? [],
    currentStatusBackgroundColor: extra.currentStatusBackgroundColor ?? [],
    otherInformationList: extra.otherInformationList ?? [],
    serviceIds: extra.serviceIds ?? [],
    status: row.status,
    roleIds,
    sort: row.sort,
    updatedAt: row.updated_at,
  };
}

function toColumn(row: WbCardColumnRow): CardColumn {
  return {
    id: row.id,
    cardId: row.card_id,
    columnName: row.column_name,
    dataSource: row.data_source as DataSourceCode,
    apiId: row.api_id,
    category: row.category,
    todoTypeName: row.todo_type_name,
    todoTimeoutName: row.todo_timeout_name,
    cardMapping: JSON.parse(row.card_mapping),
    sort: row.sort,
  };
}

const toNews = (r: WbNewsRow): NewsItem => ({
  id: r.id,
  title: r.title,
  fieldSet: r.field_set,
  releaseTime: r.release_time,
  create_time: r.created_at,
  important: r.important === 1,
  url: r.url,
  category: r.category,
});

async function cardsWithRoles(deps: AppDeps, tenantId: string, rows: WbCardRow[]): Promise<Card[]> {
  const roles = await repo(deps).cardRoles(tenantId, rows.map((r) => r.id));
  return rows.map((r) => toCard(r, roles.filter((x) => x.card_id === r.id).map((x) => x.role_id)));
}

async function cardRow(deps: AppDeps, tenantId: string, id: string): Promise<WbCardRow> {
  const row = await repo(deps).card(tenantId, id);
  if (!row) throw notFound(WORKBENCH_MESSAGES.cardNotFound, `card ${id}`);
  return row;
}

// ---- cards (cardbasicconfig, cardbusinessconfig, indexcardconfig) ----

export async function cardList(deps: AppDeps, ctx: RequestContext): Promise<Card[]> {
  return cardsWithRoles(deps, ctx.tenantId, await repo(deps).cards(ctx.tenantId));
}

export async function cardDetail(deps: AppDeps, ctx: RequestContext, id: string): Promise<Card> {
  return (await cardsWithRoles(deps, ctx.tenantId, [await cardRow(deps, ctx.tenantId, id)]))[0]!;
}

export async function submitCard(deps: AppDeps, ctx: RequestContext, input: z.output<typeof CardBasicSubmitSchema>): Promise<Card> {
  const r = repo(deps);
  // "item limit 6, 12, 18 for 1 to 3 rows in the wide layout" — chosen services may not exceed what the card can show.
  const limit = itemLimit(input.basicConfig.displayRows, 'same');
  if (input.serviceIds.length > limit) throw badRequest(WORKBENCH_MESSAGES.tooManyItems, `${input.serviceIds.length} > ${limit}`);
  const known = await cat(deps).existingServiceIds(ctx.tenantId, input.serviceIds);
  if (known.length !== new Set(input.serviceIds).size) throw badRequest(MESSAGES.badRequest, 'serviceIds: unknown service');
  const config = JSON.stringify({ typeList: input.typeList, currentStatusBackgroundColor: input.currentStatusBackgroundColor, otherInformationList: input.otherInformationList, serviceIds: input.serviceIds });
  const now = nowIso();
  const set = {
    card_type: input.cardType,
    card_name: input.basicConfig.cardName,
    card_introduction: input.basicConfig.cardIntroduction,
    display_rows: input.basicConfig.displayRows,
    data_source: input.dataSource,
    config,
    updated_at: now,
  };
  if (input.id) {
    await cardRow(deps, ctx.tenantId, input.id);
    await r.updateCard(ctx.tenantId, input.id, set);
    return cardDetail(deps, ctx, input.id);
  }
  const id = newId();
  await r.insertCard({ id, tenant_id: ctx.tenantId, ...set, status: 0, sort: (await r.maxCardSort(ctx.tenantId)) + 1, created_at: now });
  return cardDetail(deps, ctx, id);
}

export async function setCardStatus(deps: AppDeps, ctx: RequestContext, id: string, status: 0 | 1): Promise<Card> {
  await cardRow(deps, ctx.tenantId, id);
  await repo(deps).updateCard(ctx.tenantId, id, { status, updated_at: nowIso() });
  return cardDetail(deps, ctx, id);
}

export async function removeCards(deps: AppDeps, ctx: RequestContext, ids: string[]): Promise<number> {
  const own = (await repo(deps).cards(ctx.tenantId)).filter((c) => ids.includes(c.id)).map((c) => c.id);
  if (own.length !== new Set(ids).size) throw notFound(WORKBENCH_MESSAGES.cardNotFound);
  await repo(deps).removeCards(ctx.tenantId, own);
  return own.length;
}

// ---- columns (cardcolumnconfig) ----

export async function columnList(deps: AppDeps, ctx: RequestContext, cardId: string): Promise<CardColumn[]> {
  await cardRow(deps, ctx.tenantId, cardId);
  return (await repo(deps).columns(ctx.tenantId, [cardId])).map(toColumn);
}

export async function columnDetail(deps: AppDeps, ctx: RequestContext, id: string): Promise<CardColumn> {
  const row = await repo(deps).column(ctx.tenantId, id);
  if (!row) throw notFound(MESSAGES.notFound, `column ${id}`);
  return toColumn(row);
}

export async function submitColumn(deps: AppDeps, ctx: RequestContext, input: z.output<typeof CardColumnSubmitSchema>): Promise<CardColumn> {
  await cardRow(deps, ctx.tenantId, input.cardId);
  if (input.dataSource === 'external') {
    if (!input.apiId || !(await repo(deps).api(ctx.tenantId, input.apiId))) throw badRequest(MESSAGES.badRequest, 'apiId: unknown data source');
  }
  const set = {
    card_id: input.cardId,
    column_name: input.columnName,
    data_source: input.dataSource,
    api_id: input.dataSource === 'external' ? input.apiId : null,
    category: input.category,
    todo_type_name: input.todoTypeName,
    todo_timeout_name: input.todoTimeoutName,
    card_mapping: JSON.stringify(input.cardMapping),
  };
  if (input.id) {
    const existing = await repo(deps).column(ctx.tenantId, input.id);
    if (!existing) throw notFound(MESSAGES.notFound, `column ${input.id}`);
    await repo(deps).updateColumn(ctx.tenantId, input.id, set);
    return columnDetail(deps, ctx, input.id);
  }
  const id = newId();
  const sort = (await repo(deps).columns(ctx.tenantId, [input.cardId])).length + 1;
  await repo(deps).insertColumn({ id, tenant_id: ctx.tenantId, ...set, sort });
  await repo(deps).updateCard(ctx.tenantId, input.cardId, { updated_at: nowIso() });
  return columnDetail(deps, ctx, id);
}

export async function removeColumns(deps: AppDeps, ctx: RequestContext, ids: string[]): Promise<number> {
  const r = await repo(deps).removeColumns(ctx.tenantId, ids);
  const n = Number(r.numDeletedRows);
  if (!n) throw notFound(MESSAGES.notFound, 'columns');
  return n;
}

export async function adjustOrder(deps: AppDeps, ctx: RequestContext, input: { cardId?: string; ids: string[] }): Promise<void> {
  if (input.cardId) {
    const own = (await repo(deps).columns(ctx.tenantId, [input.cardId])).map((c) => c.id);
    if (input.ids.some((id) => !own.includes(id))) throw badRequest(MESSAGES.badRequest, 'ids: not columns of this card');
    await repo(deps).setSort(ctx.tenantId, 'wb_card_columns', input.ids);
    return;
  }
  const own = (await repo(deps).cards(ctx.tenantId)).map((c) => c.id);
  if (input.ids.some((id) => !own.includes(id))) throw notFound(WORKBENCH_MESSAGES.cardNotFound);
  await repo(deps).setSort(ctx.tenantId, 'wb_cards', input.ids);
}

/** choseCopyColumnlist: columns of other cards of the same type; with columnIds, copies them onto the card. */
export async function copyColumns(deps: AppDeps, ctx: RequestContext, cardId: string, columnIds?: string[]) {
  const card = await cardRow(deps, ctx.tenantId, cardId);
  const cards = (await repo(deps).cards(ctx.tenantId)).filter((c) => c.card_type === card.card_type && c.id !== cardId);
  const cols = await repo(deps).columns(ctx.tenantId, cards.map((c) => c.id));
  const candidates = cols.map((c) => ({ ...toColumn(c), cardName: cards.find((x) => x.id === c.card_id)!.card_name }));
  if (!columnIds) return candidates;
  const chosen = candidates.filter((c) => columnIds.includes(c.id));
  if (chosen.length !== columnIds.length) throw badRequest(MESSAGES.badRequest, 'columnIds: not copyable');
  for (const c of chosen) {
    await submitColumn(deps, ctx, { cardId, columnName: c.columnName, dataSource: c.dataSource, apiId: c.apiId, category: c.category, todoTypeName: c.todoTypeName, todoTimeoutName: c.todoTimeoutName, cardMapping: c.cardMapping });
  }
  return (await repo(deps).columns(ctx.tenantId, [cardId])).map((c) => ({ ...toColumn(c), cardName: card.card_name }));
}

// ---- data of a card ----

async function allowHosts(deps: AppDeps, tenantId: string): Promise<string[]> {
  return (await repo(deps).setting<string[]>(tenantId, 'urlAllowlist')) ?? [];
}

async function externalRows(deps: AppDeps, tenantId: string, apiId: string | null, mapping: { field: string }[]): Promise<Record<string, unknown>[]> {
  const api = apiId ? await repo(deps).api(tenantId, apiId) : undefined;
  if (!api) throw badRequest(WORKBENCH_MESSAGES.fetchFailed, 'unknown api');
  const params = JSON.parse(api.request_params) as { name: string; value: string }[];
  const url = new URL(api.url);
  if (api.method === 'GET') for (const p of params) url.searchParams.set(p.name, p.value);
  const json = await fetchExternalJson(url.toString(), { allowHosts: await allowHosts(deps, tenantId), method: api.method as 'GET' | 'POST', body: Object.fromEntries(params.map((p) => [p.name, p.value])) });
  const rows = listOf(json, api.list_path).slice(0, ROW_LIMIT);
  if (!mapping.length) return rows;
  return rows.map((r) => Object.fromEntries(mapping.map((m) => [m.field, r[m.field] ?? null])));
}

type Viewer = { tenantId: string; userId: string; roleId: string };

async function columnData(deps: AppDeps, v: Viewer, col: CardColumn): Promise<ColumnData> {
  const r = repo(deps);
  const base: ColumnData = { id: col.id, columnName: col.columnName, dataSource: col.dataSource, todoNum: 0, todoTypeName: col.todoTypeName, todoTimeoutNum: 0, todoTimeoutName: col.todoTimeoutName, num: 0, result: [], cardMapping: col.cardMapping };
  switch (col.dataSource) {
    case 'todo':
    case 'done':
    case 'personalMatters': {
      const kind = col.dataSource === 'personalMatters' ? 'matter' : col.dataSource;
      const [counts, rows, remind] = await Promise.all([
        r.todoCounts(v.tenantId, v.userId, kind, col.category),
        r.todos(v.tenantId, v.userId, kind, col.category, ROW_LIMIT),
        kind === 'todo' ? r.setting<{ field: 'todoNum' | 'todoTimeoutNum'; threshold: number; enabled: boolean }>(v.tenantId, `todoRemind:${col.id}`) : null,
      ]);
      const watched = remind?.field === 'todoTimeoutNum' ? counts.timeout : counts.total;
      return {
        ...base,
        ...(remind?.enabled ? { remind: watched >= remind.threshold } : {}),
        todoNum: counts.total,
        todoTimeoutNum: counts.timeout,
        num: counts.total,
        result: rows.map((t) => ({ id: t.id, title: t.title, flowType: t.flow_type, status: t.matter_status, timeout: t.is_timeout === 1, createTime: t.created_at })),
      };
    }
    case 'news':
    case 'announcement':
    case 'OfficialAccount': {
      const rows = (await r.news(v.tenantId, col.dataSource, col.category, ROW_LIMIT)).map(toNews);
      return { ...base, num: rows.length, result: rows };
    }
    case 'external':
      try {
        const rows = await externalRows(deps, v.tenantId, col.apiId, col.cardMapping);
        return { ...base, num: rows.length, result: rows };
      } catch (e) {
        return { ...base, error: (e as Error).message };
      }
    default:
      return base;
  }
}

async function resolveView(deps: AppDeps, v: Viewer, card: Card, layout: Layout): Promise<CardView> {
  const r = repo(deps);
  const columns = (await r.columns(v.tenantId, [card.id])).map(toColumn);
  const list = await Promise.all(columns.map((c) => columnData(deps, v, c)));
  const sources = new Set(columns.map((c) => c.dataSource));
  const limit = itemLimit(card.basicConfig.displayRows, layout);
  let services: CardService[] = [];
  let tools: ToolItem[] = [];
  let news: NewsItem[] = [];
  const c = cat(deps);
  switch (card.cardType) {
    case 'businessExpress':
      services = await c.services(v.tenantId, v.roleId, { ids: card.serviceIds, limit });
      break;
    case 'myCollection':
      services = await c.favourites(v.tenantId, v.roleId, v.userId, MAX_SERVICES);
      break;
    case 'recommend':
      services = await c.services(v.tenantId, v.roleId, { limit: 10, byHeat: true });
      break;
    case 'commonUse': {
      const scenes = card.typeList.map((t) => t.serviceSceneName || t.name).filter(Boolean);
      // per scene: up to 3 big items and 3 small ones
      const per = await Promise.all(scenes.map((s) => c.services(v.tenantId, v.roleId, { sceneNames: [s], limit: 6, byHeat: true })));
      services = per.flat();
      break;
    }
    case 'commonTools':
      tools = (await r.tools(v.tenantId)).map((t) => ({ id: t.id, tools_icon: t.tools_icon, tools_name: t.tools_name, tools_url: t.tools_url, tools_type: t.tools_type }));
      break;
    case 'announcement':
    case 'campusNews':
      news = list.flatMap((l) => (l.dataSource === 'external' ? [] : (l.result as NewsItem[])));
      break;
    default:
      break;
  }
  if (sources.has('favourites') && card.cardType !== 'myCollection') services = await c.favourites(v.tenantId, v.roleId, v.userId, MAX_SERVICES);
  return { ...card, list, services, tools, news };
}

/** cardcolumnconfig/getConfig: a published card granted to the caller's role, with its data. */
export async function cardView(deps: AppDeps, ctx: RequestContext, cardId: string, layout: Layout): Promise<CardView> {
  const card = await cardDetail(deps, ctx, cardId);
  if (card.status !== 1 || !card.roleIds.includes(ctx.roleId)) throw forbidden(WORKBENCH_MESSAGES.cardNotPublished, `card ${cardId}`);
  return resolveView(deps, ctx, card, layout);
}

/** cardcolumnconfig/preview: any card of the tenant, published or not (administrator). */
export async function previewCard(deps: AppDeps, ctx: RequestContext, cardId: string, layout: Layout): Promise<CardView> {
  const card = await cardDetail(deps, ctx, cardId);
  return resolveView(deps, ctx, card, layout);
}

export async function columnWithData(deps: AppDeps, ctx: RequestContext, id: string) {
  const col = await columnDetail(deps, ctx, id);
  return columnData(deps, ctx, col);
}

// ---- home layout (indextypeconfig, indexcardconfig/list) ----

export async function indexTypes(deps: AppDeps, tenantId: string, forRole: string | null): Promise<IndexType[]> {
  const r = repo(deps);
  const [types, links, cardRows] = await Promise.all([r.indexTypes(tenantId), r.indexCards(tenantId), r.cards(tenantId)]);
  const cards = await cardsWithRoles(deps, tenantId, cardRows);
  return types
    .filter((t) => !forRole || t.status === 1)
    .map((t) => ({
      id: t.id,
      typeName: t.type_name,
      layout: t.layout as Layout,
      status: t.status,
      sort: t.sort,
      cardConfigs: links
        .filter((l) => l.type_id === t.id)
        .map((l) => cards.find((c) => c.id === l.card_id))
        .filter((c): c is Card => !!c && (!forRole || (c.status === 1 && c.roleIds.includes(forRole)))),
    }));
}

export async function submitIndexType(deps: AppDeps, ctx: RequestContext, input: z.output<typeof IndexTypeSubmit>) {
  if (input.id) {
    if (!(await repo(deps).indexType(ctx.tenantId, input.id))) throw notFound(MESSAGES.notFound, `type ${input.id}`);
    await repo(deps).updateIndexType(ctx.tenantId, input.id, { type_name: input.typeName, layout: input.layout, sort: input.sort });
    return input.id;
  }
  const id = newId();
  await repo(deps).insertIndexType({ id, tenant_id: ctx.tenantId, type_name: input.typeName, layout: input.layout, status: 1, sort: input.sort });
  return id;
}

export async function setIndexTypeStatus(deps: AppDeps, ctx: RequestContext, id: string, status: number) {
  if (!(await repo(deps).indexType(ctx.tenantId, id))) throw notFound(MESSAGES.notFound, `type ${id}`);
  await repo(deps).updateIndexType(ctx.tenantId, id, { status });
}

export async function removeIndexTypes(deps: AppDeps, ctx: RequestContext, ids: string[]) {
  const own = (await repo(deps).indexTypes(ctx.tenantId)).map((t) => t.id);
  if (ids.some((id) => !own.includes(id))) throw notFound(MESSAGES.notFound, 'type');
  await repo(deps).removeIndexTypes(ctx.tenantId, ids);
}

export async function submitIndexCards(deps: AppDeps, ctx: RequestContext, typeId: string, cardIds: string[]) {
  if (!(await repo(deps).indexType(ctx.tenantId, typeId))) throw notFound(MESSAGES.notFound, `type ${typeId}`);
  const own = (await repo(deps).cards(ctx.tenantId)).map((c) => c.id);
  if (cardIds.some((id) => !own.includes(id))) throw notFound(WORKBENCH_MESSAGES.cardNotFound);
  await repo(deps).setIndexCards(ctx.tenantId, typeId, [...new Set(cardIds)]);
}

export async function authConfig(deps: AppDeps, ctx: RequestContext, cardId: string, roleIds: string[]) {
  await cardRow(deps, ctx.tenantId, cardId);
  const roles = (await repo(deps).roles(ctx.tenantId)).map((r) => r.id);
  if (roleIds.some((id) => !roles.includes(id))) throw badRequest(MESSAGES.badRequest, 'roleIds: unknown role');
  await repo(deps).setCardRoles(ctx.tenantId, cardId, [...new Set(roleIds)]);
}

export async function roleClasses(deps: AppDeps, tenantId: string) {
  const roles = await repo(deps).roles(tenantId);
  const types = [...new Set(roles.map((r) => r.role_type))];
  return types.map((roleType) => ({ roleType, roles: roles.filter((r) => r.role_type === roleType).map((r) => ({ id: r.id, roleName: r.role_name, roleType: r.role_type })) }));
}

// ---- navigation ----

const toNavigation = (r: WbNavigationRow): NavigationItem => ({
  id: r.id,
  navigationName: r.navigation_name,
  navigationType: r.navigation_type as NavigationItem['navigationType'],
  isBuilt: r.is_built === 1 ? 1 : 2,
  isAuto: r.is_auto === 1 ? 1 : 0,
  configPath: r.config_path,
  embedded: r.embedded === 1,
  sort: r.sort,
});

export async function navigationList(deps: AppDeps, tenantId: string, enabledOnly: boolean): Promise<NavigationItem[]> {
  const rows = (await repo(deps).navigation(tenantId)).map(toNavigation);
  return enabledOnly ? rows.filter((n) => n.isAuto === 1) : rows;
}

const BUILT_IN_ROUTES = new Set(['homePage', 'serviceHall', 'processServiceCenter', 'applicationServiceCenter', 'threelists', 'effectivenessSupervision', 'PersonalCenter']);

export async function submitNavigation(deps: AppDeps, ctx: RequestContext, input: z.output<typeof NavigationSubmitSchema>): Promise<NavigationItem> {
  const r = repo(deps);
  if (input.id) {
    const existing = await r.navigationItem(ctx.tenantId, input.id);
    if (!existing) throw notFound(MESSAGES.notFound, `navigation ${input.id}`);
    if (existing.is_built === 1) {
      // A built-in item keeps its route; only its name, order and whether it shows may change.
      await r.updateNavigation(ctx.tenantId, input.id, { navigation_name: input.navigationName, is_auto: input.isAuto, sort: input.sort });
    } else {
      assertCustomPath(input.configPath);
      await r.updateNavigation(ctx.tenantId, input.id, { navigation_name: input.navigationName, is_auto: input.isAuto, config_path: input.configPath, embedded: input.embedded ? 1 : 0, sort: input.sort });
    }
    return toNavigation((await r.navigationItem(ctx.tenantId, input.id))!);
  }
  // 5: "Custom navigation is limited to 6 ('最多可添加6个')."
  if ((await r.customNavigationCount(ctx.tenantId)) >= CUSTOM_NAVIGATION_LIMIT) throw badRequest(WORKBENCH_MESSAGES.navigationLimit, `limit ${CUSTOM_NAVIGATION_LIMIT}`);
  assertCustomPath(input.configPath);
  const id = newId();
  const sort = input.sort || (await r.navigation(ctx.tenantId)).length + 1;
  await r.insertNavigation({ id, tenant_id: ctx.tenantId, navigation_name: input.navigationName, navigation_type: 'ADD', is_built: 2, is_auto: input.isAuto, config_path: input.configPath, embedded: input.embedded ? 1 : 0, sort });
  return toNavigation((await r.navigationItem(ctx.tenantId, id))!);
}

/** A custom item opens an http(s) url or a path of this site; never javascript: and the like. */
function assertCustomPath(path: string): void {
  if (path.startsWith('/') && !path.startsWith('//')) return;
  if (BUILT_IN_ROUTES.has(path)) return;
  try {
    const u = new URL(path);
    if (u.protocol === 'http:' || u.protocol === 'https:') return;
  } catch {
    /* falls through */
  }
  throw badRequest(WORKBENCH_MESSAGES.badUrl, path);
}

export async function removeNavigation(deps: AppDeps, ctx: RequestContext, ids: string[]): Promise<number> {
  const rows = (await repo(deps).navigation(ctx.tenantId)).filter((n) => ids.includes(n.id));
  if (rows.length !== new Set(ids).size) throw notFound(MESSAGES.notFound, 'navigation');
  if (rows.some((n) => n.is_built === 1)) throw badRequest(WORKBENCH_MESSAGES.builtInNavigation);
  return Number((await repo(deps).removeNavigation(ctx.tenantId, ids)).numDeletedRows);
}

// ---- settings: footer, theme, pre-login page ----

export const DEFAULT_FOOTER: FooterInfo = { copyright: '', address: '', phone: '', email: '', links: [] };
/** The footer; a link stored before links were checked that is not http(s) or a path of this site is left out. */
export async function footer(deps: AppDeps, tenantId: string): Promise<FooterInfo> {
  const f = (await repo(deps).setting<FooterInfo>(tenantId, 'footer')) ?? DEFAULT_FOOTER;
  return { ...f, links: f.links.filter((l) => l.url === '' || isSafeLink(l.url)) };
}
export const saveFooter = (deps: AppDeps, ctx: RequestContext, f: FooterInfo) => repo(deps).putSetting(ctx.tenantId, 'footer', f);

export const DEFAULT_THEME: Theme = { themeName: '默认', themeId: 'default', themeColor: '#008cff', themeImg: '', themeImgBorderColor: '', WaitingForMeToHandleBCImg: '' };
export async function theme(deps: AppDeps, tenantId: string, userId: string | null): Promise<Theme> {
  const r = repo(deps);
  const own = userId ? await r.setting<Theme>(tenantId, 'theme', userId) : null;
  return own ?? (await r.setting<Theme>(tenantId, 'theme')) ?? DEFAULT_THEME;
}
/** The theme the caller sees, whether it is their own, and the tenant's (the default every user starts from). */
export async function themeDetail(deps: AppDeps, tenantId: string, userId: string): Promise<ThemeDetail> {
  const r = repo(deps);
  const [own, tenant] = await Promise.all([r.setting<Theme>(tenantId, 'theme', userId), r.setting<Theme>(tenantId, 'theme')]);
  const base = tenant ?? DEFAULT_THEME;
  return { ...(own ?? base), personal: own !== null, tenant: base };
}
export const saveTenantTheme = (deps: AppDeps, ctx: RequestContext, t: Theme) => repo(deps).putSetting(ctx.tenantId, 'theme', t);
export const saveUserTheme = (deps: AppDeps, ctx: RequestContext, t: Theme) => repo(deps).putSetting(ctx.tenantId, 'theme', t, ctx.userId);
/** The caller drops their own theme and follows the tenant's again. */
export async function removeUserTheme(deps: AppDeps, ctx: RequestContext): Promise<ThemeDetail> {
  await repo(deps).removeSetting(ctx.tenantId, 'theme', ctx.userId);
  return themeDetail(deps, ctx.tenantId, ctx.userId);
}

/** preLoginConfig: the catalogue's landing configuration plus the login redirect kept by the workbench. */
export async function preLogin(deps: AppDeps, tenantId: string): Promise<PreLoginConfig> {
  const [landing, own, name] = await Promise.all([cat(deps).landingConfig(tenantId), repo(deps).setting<{ jumpServerUrl: string }>(tenantId, 'preLogin'), repo(deps).tenantName(tenantId)]);
  const defaults: PreLoginConfig = {
    title: `${name}网上办事服务大厅`, subtitle: '', logo: '', banner: '', searchPlaceholder: '',
    showStatistic: true, showScenes: true, showDepts: true, showTypes: true, showNewly: true, showPopular: true, showTools: true, jumpServerUrl: '/login',
  };
  const merged = { ...defaults, ...(landing ?? {}), jumpServerUrl: own?.jumpServerUrl ?? defaults.jumpServerUrl };
  return Object.fromEntries(Object.keys(defaults).map((k) => [k, (merged as Record<string, unknown>)[k]])) as PreLoginConfig;
}
export async function savePreLogin(deps: AppDeps, ctx: RequestContext, c: PreLoginConfig): Promise<PreLoginConfig> {
  if (c.jumpServerUrl) assertCustomPath(c.jumpServerUrl);
  const { jumpServerUrl, ...landing } = c;
  const current = (await cat(deps).landingConfig(ctx.tenantId)) ?? {};
  await cat(deps).saveLandingConfig(ctx.tenantId, { ...current, ...landing }, nowIso());
  await repo(deps).putSetting(ctx.tenantId, 'preLogin', { jumpServerUrl });
  return preLogin(deps, ctx.tenantId);
}

// ---- holidays and service specials (homePage/getHoliday…, indexholidayconfig, indexservicespecialconfig) ----

const DAY_MS = 86_400_000;
const toHolidayItem = (r: WbHolidayRow): HolidayItem => ({ id: r.id, name: r.name, date: r.date, endDate: r.end_date, greeting: r.greeting, updatedAt: r.updated_at });

/** Coming holidays, nearest first: the days left to the first day, 0 from the first to the last day. */
export async function holidays(deps: AppDeps, tenantId: string): Promise<Holiday[]> {
  const today = new Date().toISOString().slice(0, 10);
  return (await repo(deps).holidaysFrom(tenantId, today))
    .map((r) => ({ id: r.id, name: r.name, date: r.date, endDate: r.end_date, greeting: r.greeting, daysLeft: Math.max(0, Math.round((Date.parse(r.date) - Date.parse(today)) / DAY_MS)) }))
    .sort((a, b) => a.daysLeft - b.daysLeft || a.date.localeCompare(b.date));
}
/** Every holiday of the tenant by date, past ones included (administration). */
export const holidayList = async (deps: AppDeps, ctx: RequestContext): Promise<HolidayItem[]> => (await repo(deps).holidays(ctx.tenantId)).map(toHolidayItem);

export async function submitHoliday(deps: AppDeps, ctx: RequestContext, input: z.output<typeof HolidaySubmit>): Promise<HolidayItem> {
  const r = repo(deps);
  const now = nowIso();
  const set = { name: input.name, date: input.date, end_date: input.endDate || input.date, greeting: input.greeting, updated_at: now };
  const id = input.id ?? newId();
  if (input.id) {
    const res = await r.updateHoliday(ctx.tenantId, input.id, set);
    if (!Number(res.numUpdatedRows)) throw notFound(WORKBENCH_MESSAGES.holidayNotFound, `holiday ${input.id}`);
  } else {
    await r.insertHoliday({ tenant_id: ctx.tenantId, id, ...set, created_at: now });
  }
  return toHolidayItem((await r.holiday(ctx.tenantId, id))!);
}

export async function removeHolidays(deps: AppDeps, ctx: RequestContext, ids: string[]): Promise<number> {
  const own = (await repo(deps).holidays(ctx.tenantId)).filter((h) => ids.includes(h.id));
  if (own.length !== new Set(ids).size) throw notFound(WORKBENCH_MESSAGES.holidayNotFound, 'holidays');
  return Number((await repo(deps).removeHolidays(ctx.tenantId, ids)).numDeletedRows);
}

/** Enabled service specials by sort, with the services of each that the viewer's role may use, in the special's order. */
export async function serviceSpecials(deps: AppDeps, v: { tenantId: string; roleId: string }, first = false): Promise<ServiceSpecial[]> {
  const r = repo(deps);
  const rows = await r.specials(v.tenantId, { enabledOnly: true, ...(first ? { limit: 1 } : {}) });
  const items = await r.specialItems(v.tenantId, rows.map((s) => s.id));
  return Promise.all(
    rows.map(async (s) => {
      const serviceIds = items.filter((x) => x.special_id === s.id).map((x) => x.service_id);
      const shown = serviceIds.slice(0, SERVICE_SPECIAL_SERVICES_MAX);
      return {
        id: s.id,
        title: s.title,
        description: s.description,
        img: s.img,
        serviceIds,
        services: shown.length ? await cat(deps).services(v.tenantId, v.roleId, { ids: shown, limit: SERVICE_SPECIAL_SERVICES_MAX }) : [],
      };
    }),
  );
}

/** Every special of the tenant, enabled or not, with its chosen services that still exist in the catalogue (administration). */
export async function specialList(deps: AppDeps, ctx: RequestContext): Promise<ServiceSpecialItem[]> {
  const r = repo(deps);
  const rows = await r.specials(ctx.tenantId);
  const items = await r.specialItems(ctx.tenantId, rows.map((s) => s.id));
  const names = new Map((await cat(deps).serviceNames(ctx.tenantId, [...new Set(items.map((x) => x.service_id))])).map((x) => [x.id, x.service_name]));
  return rows.map((s) => {
    const serviceIds = items.filter((x) => x.special_id === s.id && names.has(x.service_id)).map((x) => x.service_id);
    return {
      id: s.id,
      title: s.title,
      description: s.description,
      img: s.img,
      sort: s.sort,
      enabled: s.enabled === 1,
      serviceIds,
      services: serviceIds.map((serviceId) => ({ serviceId, serviceName: names.get(serviceId)! })),
      updatedAt: s.updated_at,
    };
  });
}

/** Creates or updates a special with its services, in order; every service must be one of the tenant's. */
export async function submitSpecial(deps: AppDeps, ctx: RequestContext, input: z.output<typeof ServiceSpecialSubmit>): Promise<ServiceSpecialItem> {
  const r = repo(deps);
  const known = new Set(await cat(deps).existingServiceIds(ctx.tenantId, input.serviceIds));
  const unknown = input.serviceIds.filter((id) => !known.has(id));
  if (unknown.length) throw badRequest(WORKBENCH_MESSAGES.specialServiceUnknown, `serviceIds: ${unknown.join(',')}`);
  const existing = input.id ? await r.special(ctx.tenantId, input.id) : undefined;
  if (input.id && !existing) throw notFound(WORKBENCH_MESSAGES.specialNotFound, `special ${input.id}`);
  const now = nowIso();
  const id = existing?.id ?? newId();
  const row = {
    tenant_id: ctx.tenantId,
    id,
    title: input.title,
    description: input.description,
    img: input.img,
    sort: input.sort ?? existing?.sort ?? (await r.maxSpecialSort(ctx.tenantId)) + 1,
    enabled: input.enabled ? 1 : 0,
    created_at: existing?.created_at ?? now,
    updated_at: now,
  };
  if (!(await r.saveSpecial(row, input.serviceIds, !!existing))) throw notFound(WORKBENCH_MESSAGES.specialNotFound, `special ${id}`);
  return (await specialList(deps, ctx)).find((s) => s.id === id)!;
}

export async function removeSpecials(deps: AppDeps, ctx: RequestContext, ids: string[]): Promise<number> {
  const own = (await repo(deps).specials(ctx.tenantId)).filter((s) => ids.includes(s.id));
  if (own.length !== new Set(ids).size) throw notFound(WORKBENCH_MESSAGES.specialNotFound, 'specials');
  return repo(deps).removeSpecials(ctx.tenantId, ids);
}

// ---- external data sources and common tools ----

const toApi = (r: { id: string; api_name: string; url: string; method: string; list_path: string; request_params: string; return_params: string }): ExternalApi => ({
  id: r.id,
  apiName: r.api_name,
  url: r.url,
  method: r.method as 'GET' | 'POST',
  listPath: r.list_path,
  requestParams: JSON.parse(r.request_params),
  returnParams: JSON.parse(r.return_params),
});
export const apiList = async (deps: AppDeps, ctx: RequestContext) => (await repo(deps).apis(ctx.tenantId)).map(toApi);
export async function apiDetail(deps: AppDeps, ctx: RequestContext, id: string) {
  const r = await repo(deps).api(ctx.tenantId, id);
  if (!r) throw notFound(MESSAGES.notFound, `api ${id}`);
  return toApi(r);
}
export async function submitApi(deps: AppDeps, ctx: RequestContext, input: z.output<typeof ExternalApiSubmit>) {
  assertAllowedTarget(input.url, await allowHosts(deps, ctx.tenantId));
  if (input.id && !(await repo(deps).api(ctx.tenantId, input.id))) throw notFound(MESSAGES.notFound, `api ${input.id}`);
  const id = input.id ?? newId();
  await repo(deps).upsertApi({ id, tenant_id: ctx.tenantId, api_name: input.apiName, url: input.url, method: input.method, list_path: input.listPath, request_params: JSON.stringify(input.requestParams), return_params: JSON.stringify(input.returnParams) });
  return apiDetail(deps, ctx, id);
}

export async function verifyUrl(deps: AppDeps, ctx: RequestContext, url: string) {
  const json = await fetchExternalJson(url, { allowHosts: await allowHosts(deps, ctx.tenantId) });
  const rows = listOf(json, '');
  const fields = [...new Set(rows.slice(0, 20).flatMap((r) => Object.keys(r)))];
  return { url, reachable: true, fields, sample: rows.slice(0, 5) };
}

export const urlAllowlist = (deps: AppDeps, ctx: RequestContext) => allowHosts(deps, ctx.tenantId);
export async function saveUrlAllowlist(deps: AppDeps, ctx: RequestContext, hosts: string[]) {
  const clean = [...new Set(hosts.map((h) => h.trim().toLowerCase().replace(/^\[|\]$/g, '')).filter(Boolean))];
  await repo(deps).putSetting(ctx.tenantId, 'urlAllowlist', clean);
  return clean;
}

const DATA_SOURCE_NAMES: Record<string, string> = {
  todo: '待办事项', done: '已办事项', personalMatters: '个人事项', news: '校园新闻', announcement: '重要公告', OfficialAccount: '公众号', tools: '常用工具', services: '服务', favourites: '我的收藏', recommend: '推荐服务', external: '外部接口',
};
export async function dataSourceList(deps: AppDeps, ctx: RequestContext) {
  const builtIn = DATA_SOURCES.filter((d) => d !== 'external').map((code) => ({ code, name: DATA_SOURCE_NAMES[code]!, external: false, apiId: null }));
  const apis = (await repo(deps).apis(ctx.tenantId)).map((a) => ({ code: 'external', name: a.api_name, external: true, apiId: a.id }));
  return [...builtIn, ...apis];
}

const RETURN_FIELDS: Record<string, [string, string, string][]> = {
  todo: [['title', '标题', 'string'], ['flowType', '流程类型', 'string'], ['createTime', '到达时间', 'date'], ['timeout', '是否超时', 'boolean']],
  done: [['title', '标题', 'string'], ['flowType', '流程类型', 'string'], ['createTime', '办理时间', 'date']],
  personalMatters: [['title', '事项名称', 'string'], ['status', '状态', 'string'], ['createTime', '发起时间', 'date']],
  news: [['title', '标题', 'string'], ['releaseTime', '发布时间', 'date'], ['important', '重要', 'boolean'], ['url', '链接', 'string']],
  announcement: [['title', '标题', 'string'], ['fieldSet', '栏目', 'string'], ['releaseTime', '发布时间', 'date']],
  OfficialAccount: [['title', '标题', 'string'], ['fieldSet', '栏目', 'string'], ['create_time', '创建时间', 'date']],
  tools: [['tools_name', '工具名称', 'string'], ['tools_icon', '图标', 'string']],
  services: [['serviceName', '服务名称', 'string'], ['serviceSceneName', '服务场景', 'string'], ['visitCount', '热度', 'number']],
  favourites: [['serviceName', '服务名称', 'string']],
  recommend: [['serviceName', '服务名称', 'string'], ['visitCount', '热度', 'number']],
};
export async function returnParams(deps: AppDeps, ctx: RequestContext, dataSource: string, apiId: string | null) {
  if (dataSource === 'external') {
    if (!apiId) throw badRequest(MESSAGES.badRequest, 'apiId');
    return (await apiDetail(deps, ctx, apiId)).returnParams.map((p) => ({ field: p.field, chineseName: p.chineseName, paramType: p.paramType }));
  }
  return (RETURN_FIELDS[dataSource] ?? []).map(([field, chineseName, paramType]) => ({ field, chineseName, paramType }));
}
export async function requestParams(deps: AppDeps, ctx: RequestContext, dataSource: string, apiId: string | null) {
  if (dataSource === 'external') {
    if (!apiId) throw badRequest(MESSAGES.badRequest, 'apiId');
    return (await apiDetail(deps, ctx, apiId)).requestParams.map((p) => ({ field: p.name, chineseName: p.name, paramType: p.paramType }));
  }
  return dataSource === 'todo' || dataSource === 'done' ? [{ field: 'flowType', chineseName: '流程类型', paramType: 'string' }] : dataSource === 'news' ? [{ field: 'category', chineseName: '新闻分类', paramType: 'string' }] : [];
}
export const flowTypes = (deps: AppDeps, ctx: RequestContext) => repo(deps).flowTypes(ctx.tenantId);

export async function saveTool(deps: AppDeps, ctx: RequestContext, input: z.output<typeof CommonToolSave>) {
  assertCustomPath(input.tools_url);
  const set = { tools_name: input.tools_name, tools_icon: input.tools_icon, tools_url: input.tools_url, tools_type: input.tools_type, sort: input.sort };
  if (input.id) {
    if (!(await repo(deps).tool(ctx.tenantId, input.id))) throw notFound(MESSAGES.notFound, `tool ${input.id}`);
    await repo(deps).updateTool(ctx.tenantId, input.id, set);
    return { id: input.id, ...set };
  }
  const id = newId();
  await repo(deps).insertTool({ id, tenant_id: ctx.tenantId, ...set });
  return { id, ...set };
}
export const toolList = async (deps: AppDeps, tenantId: string) =>
  (await repo(deps).tools(tenantId)).map((t) => ({ id: t.id, tools_icon: t.tools_icon, tools_name: t.tools_name, tools_url: t.tools_url, tools_type: t.tools_type }));

// ---- to-do reminders ----

export async function todoRemind(deps: AppDeps, ctx: RequestContext, columnId: string) {
  await columnDetail(deps, ctx, columnId);
  return (await repo(deps).setting<{ field: string; threshold: number; enabled: boolean }>(ctx.tenantId, `todoRemind:${columnId}`)) ?? { field: 'todoNum', threshold: 0, enabled: false };
}
export async function saveTodoRemind(deps: AppDeps, ctx: RequestContext, input: z.output<typeof TodoRemindSubmit>) {
  const col = await columnDetail(deps, ctx, input.columnId);
  if (col.dataSource !== 'todo' && col.dataSource !== 'external') throw badRequest(MESSAGES.badRequest, 'columnId: not a to-do column');
  const value = { field: input.field, threshold: input.threshold, enabled: input.enabled };
  await repo(deps).putSetting(ctx.tenantId, `todoRemind:${input.columnId}`, value);
  return { columnId: input.columnId, ...value };
}

// ---- menus of the caller ----

export async function businessConfigMenu(deps: AppDeps, ctx: RequestContext) {
  const mine = await configurationMenu(deps, ctx.tenantId, ctx.roleId);
  return CONFIGURATION_MENUS.filter((m) => mine.some((x) => x.name === m.name)).map((m) => ({ name: m.name, path: m.path, title: m.title }));
}

export const catalogue = cat;

export async function removeIndexCards(deps: AppDeps, ctx: RequestContext, cardIds: string[]) {
  await repo(deps).removeIndexCard(ctx.tenantId, cardIds);
}

export async function publicNews(deps: AppDeps, tenantId: string, kind: 'news' | 'announcement'): Promise<NewsItem[]> {
  return (await repo(deps).news(tenantId, kind, '', 10)).map(toNews);
}

/** 7.4 platformapplyguiselogo/detail: configured logo and name, else the tenant's name; the tenant theme colour. */
export async function guiseLogo(deps: AppDeps, tenantId: string) {
  const r = repo(deps);
  const own = await r.setting<{ logo: string; systemName: string }>(tenantId, 'guiseLogo');
  const name = await r.tenantName(tenantId);
  return { logo: own?.logo ?? '', systemName: own?.systemName || `${name}网上办事服务大厅`, themeColor: (await theme(deps, tenantId, null)).themeColor };
}
