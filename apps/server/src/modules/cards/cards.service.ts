import { CARD_ITEM_LIMIT_WIDE } from '@portal/contracts/constants';
import { MESSAGES, STATUS_SERVER_ERROR } from '@portal/contracts/errors';
import {
  DATA_SOURCES,
  WORKBENCH_MESSAGES,
  itemLimit,
  type Card,
  type CardColumn,
  type CardService,
  type CardView,
  type CardViewPart,
  type ColumnData,
  type DataSourceCode,
  type ExternalApi,
  type Layout,
  type NewsItem,
  type ToolItem,
} from '@portal/contracts/workbench';
import type { z } from 'zod';
import type {
  CardBasicSubmit as CardBasicSubmitSchema,
  CardColumnSubmit as CardColumnSubmitSchema,
  CommonToolSave,
  ExternalApiSubmit,
  TodoRemindSubmit,
} from '@portal/contracts/workbench';
import type { WbCardColumnRow, WbCardRow, WbNewsRow } from '../../db/tables/workbench.ts';
import { nowIso } from '../../db/sql-helpers.ts';
import { newId } from '../../platform/crypto.ts';
import { ok, fail } from '../../platform/envelope.ts';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.ts';
import type { AppDeps, RequestContext } from '../../platform/http.ts';
import { audited, expectVersion, withVersion, type AuditTarget } from '../audit/audit.service.ts';
import { roleList } from '../auth/auth.service.ts';
import { apiSummary, cardSummary, columnSummary, toolSummary } from './cards.audit.ts';
import { assertCustomPath } from '../navigation/navigation.service.ts';
import { catalogueReadsOf } from '../services/services.service.ts';
import { saveTenantSetting, tenantSetting } from '../site-settings/site-settings.service.ts';
import { ExternalAnswerCache, type ExternalAnswer } from './cards.external-cache.ts';
import { assertAllowedTarget, fetchExternalJson, isOverdue, listOf, totalOf } from './cards.fetch.ts';
import { assertCardNameFree, assertToolNameFree } from './cards.names.ts';
import { cardsRepository } from './cards.repository.ts';

const repo = (deps: AppDeps) => cardsRepository(deps.db);
const cat = (deps: AppDeps) => catalogueReadsOf(deps.db);
const ROW_LIMIT = 50;
const MAX_SERVICES = CARD_ITEM_LIMIT_WIDE[CARD_ITEM_LIMIT_WIDE.length - 1]!;

type CardExtra = {
  typeList: Card['typeList'];
  currentStatusBackgroundColor: Card['currentStatusBackgroundColor'];
  otherInformationList: Card['otherInformationList'];
  serviceIds: string[];
};

function toCard(row: WbCardRow, roleIds: string[]): Card {
  const extra = JSON.parse(row.config) as CardExtra;
  return {
    id: row.id,
    cardType: row.card_type as Card['cardType'],
    basicConfig: {
      cardName: row.card_name,
      cardIntroduction: row.card_introduction,
      displayRows: row.display_rows,
      cardNameEn: row.card_name_en,
      cardIntroductionEn: row.card_introduction_en,
    },
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
    columnNameEn: row.column_name_en,
    todoTypeNameEn: row.todo_type_name_en,
    todoTimeoutNameEn: row.todo_timeout_name_en,
  };
}

const toNews = (r: Omit<WbNewsRow, 'content' | 'updated_by'> & { has_content?: number | string }): NewsItem => ({
  id: r.id,
  title: r.title,
  fieldSet: r.field_set,
  releaseTime: r.release_time,
  create_time: r.created_at,
  important: r.important === 1,
  url: r.url,
  category: r.category,
  hasContent: Number(r.has_content ?? 0) === 1,
});

async function cardsWithRoles(deps: AppDeps, tenantId: string, rows: WbCardRow[]): Promise<Card[]> {
  const roles = await repo(deps).cardRoles(
    tenantId,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    toCard(
      r,
      roles.filter((x) => x.card_id === r.id).map((x) => x.role_id),
    ),
  );
}

async function cardRow(deps: AppDeps, tenantId: string, id: string): Promise<WbCardRow> {
  const row = await repo(deps).card(tenantId, id);
  if (!row) throw notFound(WORKBENCH_MESSAGES.cardNotFound, `card ${id}`);
  return row;
}

// ---- cards (cardbasicconfig, cardbusinessconfig, indexcardconfig) ----

/** The administrators' reads of cards carry each card's version (ADR 0075), which cardbasicconfig/submit may name. */
export async function cardList(deps: AppDeps, ctx: RequestContext): Promise<Card[]> {
  return (await cardsWithRoles(deps, ctx.tenantId, await repo(deps).cards(ctx.tenantId))).map(withVersion);
}

export async function cardDetail(deps: AppDeps, ctx: RequestContext, id: string): Promise<Card> {
  return withVersion((await cardsWithRoles(deps, ctx.tenantId, [await cardRow(deps, ctx.tenantId, id)]))[0]!);
}

/** The card as a read answers it now (with the caller's transaction), or null when it is gone. */
async function cardNow(deps: AppDeps, tenantId: string, id: string): Promise<Card | null> {
  const row = await repo(deps).card(tenantId, id);
  return row ? (await cardsWithRoles(deps, tenantId, [row]))[0]! : null;
}

/** The checks of a card's own fields that cardbasicconfig/submit and /create make before writing. */
export async function checkCardInput(
  deps: AppDeps,
  ctx: RequestContext,
  input: Pick<z.output<typeof CardBasicSubmitSchema>, 'basicConfig' | 'serviceIds'>,
): Promise<void> {
  // "item limit 6, 12, 18 for 1 to 3 rows in the wide layout" — chosen services may not exceed what the card can show.
  const limit = itemLimit(input.basicConfig.displayRows, 'same');
  if (input.serviceIds.length > limit)
    throw badRequest(WORKBENCH_MESSAGES.tooManyItems, `${input.serviceIds.length} > ${limit}`);
  const known = await cat(deps).existingServiceIds(ctx.tenantId, input.serviceIds);
  if (known.length !== new Set(input.serviceIds).size)
    throw badRequest(MESSAGES.badRequest, 'serviceIds: unknown service');
}

/** A card's columns of wb_cards as the card's fields give them (updated now). */
export function cardColumns(input: Omit<z.output<typeof CardBasicSubmitSchema>, 'id'>) {
  return {
    card_type: input.cardType,
    card_name: input.basicConfig.cardName,
    card_introduction: input.basicConfig.cardIntroduction,
    card_name_en: input.basicConfig.cardNameEn ?? '',
    card_introduction_en: input.basicConfig.cardIntroductionEn ?? '',
    display_rows: input.basicConfig.displayRows,
    data_source: input.dataSource,
    config: JSON.stringify({
      typeList: input.typeList,
      currentStatusBackgroundColor: input.currentStatusBackgroundColor,
      otherInformationList: input.otherInformationList,
      serviceIds: input.serviceIds,
    }),
    updated_at: nowIso(),
  };
}

/** In the caller's transaction: a new card, unpublished and last, under a name no other card of the tenant has. */
export async function insertNewCard(tx: AppDeps, ctx: RequestContext, id: string, set: ReturnType<typeof cardColumns>) {
  const r = repo(tx);
  await assertCardNameFree(tx, ctx.tenantId, set.card_name);
  await r.insertCard({
    id,
    tenant_id: ctx.tenantId,
    ...set,
    status: 0,
    sort: (await r.maxCardSort(ctx.tenantId)) + 1,
    created_at: set.updated_at,
  });
}

export async function submitCard(
  deps: AppDeps,
  ctx: RequestContext,
  input: z.output<typeof CardBasicSubmitSchema>,
): Promise<Card> {
  await checkCardInput(deps, ctx, input);
  const set = cardColumns(input);
  const id = input.id ?? newId();
  const before = input.id ? await cardRow(deps, ctx.tenantId, input.id) : undefined;
  return audited(deps, ctx, { kind: 'card', id, summary: cardSummary(set.card_name) }, async (tx) => {
    // An edit read at a version the card no longer has is refused before anything is written (ADR 0075).
    if (before)
      await expectVersion(tx, `card:${ctx.tenantId}:${id}`, input.version, () => cardNow(tx, ctx.tenantId, id));
    // A new card, or a card renamed, may not take a name another card of the tenant has (checked in the write's
    // transaction); a card saved under its own name is left alone.
    if (!before) await insertNewCard(tx, ctx, id, set);
    else {
      if (before.card_name.trim() !== set.card_name.trim())
        await assertCardNameFree(tx, ctx.tenantId, set.card_name, input.id);
      await repo(tx).updateCard(ctx.tenantId, id, set);
    }
    return cardDetail(tx, ctx, id);
  });
}

export async function setCardStatus(deps: AppDeps, ctx: RequestContext, id: string, status: 0 | 1): Promise<Card> {
  const card = await cardRow(deps, ctx.tenantId, id);
  return audited(deps, ctx, { kind: 'card', id, summary: cardSummary(card.card_name) }, async (tx) => {
    await repo(tx).updateCard(ctx.tenantId, id, { status, updated_at: nowIso() });
    return cardDetail(tx, ctx, id);
  });
}

export async function removeCards(deps: AppDeps, ctx: RequestContext, ids: string[]): Promise<number> {
  const own = (await repo(deps).cards(ctx.tenantId)).filter((c) => ids.includes(c.id));
  if (own.length !== new Set(ids).size) throw notFound(WORKBENCH_MESSAGES.cardNotFound);
  const targets = own.map((c): AuditTarget => ({ kind: 'card', id: c.id, summary: cardSummary(c.card_name) }));
  await audited(deps, ctx, targets, (tx) =>
    repo(tx).removeCards(
      ctx.tenantId,
      own.map((c) => c.id),
    ),
  );
  return own.length;
}

// ---- columns (cardcolumnconfig) ----

export async function columnList(deps: AppDeps, ctx: RequestContext, cardId: string): Promise<CardColumn[]> {
  await cardRow(deps, ctx.tenantId, cardId);
  return (await repo(deps).columns(ctx.tenantId, [cardId])).map((c) => withVersion(toColumn(c)));
}

export async function columnDetail(deps: AppDeps, ctx: RequestContext, id: string): Promise<CardColumn> {
  const row = await repo(deps).column(ctx.tenantId, id);
  if (!row) throw notFound(MESSAGES.notFound, `column ${id}`);
  return withVersion(toColumn(row));
}

/** An 'external' column reads one of the tenant's registered data sources (400 otherwise). */
export async function checkColumnSource(
  deps: AppDeps,
  tenantId: string,
  input: Pick<z.output<typeof CardColumnSubmitSchema>, 'dataSource' | 'apiId'>,
): Promise<void> {
  if (input.dataSource !== 'external') return;
  if (!input.apiId || !(await repo(deps).api(tenantId, input.apiId)))
    throw badRequest(MESSAGES.badRequest, 'apiId: unknown data source');
}

/** A column's columns of wb_card_columns. */
export const columnColumns = (input: z.output<typeof CardColumnSubmitSchema>) => ({
  card_id: input.cardId,
  column_name: input.columnName,
  data_source: input.dataSource,
  api_id: input.dataSource === 'external' ? input.apiId : null,
  category: input.category,
  todo_type_name: input.todoTypeName,
  todo_timeout_name: input.todoTimeoutName,
  column_name_en: input.columnNameEn ?? '',
  todo_type_name_en: input.todoTypeNameEn ?? '',
  todo_timeout_name_en: input.todoTimeoutNameEn ?? '',
  card_mapping: JSON.stringify(input.cardMapping),
});

export async function submitColumn(
  deps: AppDeps,
  ctx: RequestContext,
  input: z.output<typeof CardColumnSubmitSchema>,
): Promise<CardColumn> {
  await cardRow(deps, ctx.tenantId, input.cardId);
  await checkColumnSource(deps, ctx.tenantId, input);
  const set = columnColumns(input);
  if (input.id) {
    const existing = await repo(deps).column(ctx.tenantId, input.id);
    if (!existing) throw notFound(MESSAGES.notFound, `column ${input.id}`);
  }
  const id = input.id ?? newId();
  return audited(deps, ctx, { kind: 'cardColumn', id, summary: columnSummary(input.columnName) }, async (tx) => {
    const r = repo(tx);
    if (input.id)
      await expectVersion(tx, `cardColumn:${ctx.tenantId}:${id}`, input.version, async () => {
        const now = await r.column(ctx.tenantId, id);
        return now && toColumn(now);
      });
    if (input.id) await r.updateColumn(ctx.tenantId, id, set);
    else {
      // Last, after whatever is left once columns were deleted (a count could repeat a kept column's place).
      const sort = Math.max(0, ...(await r.columns(ctx.tenantId, [input.cardId])).map((c) => c.sort)) + 1;
      await r.insertColumn({ id, tenant_id: ctx.tenantId, ...set, sort });
      await r.updateCard(ctx.tenantId, input.cardId, { updated_at: nowIso() });
    }
    return columnDetail(tx, ctx, id);
  });
}

export async function removeColumns(deps: AppDeps, ctx: RequestContext, ids: string[]): Promise<number> {
  const found = await repo(deps).columnsByIds(ctx.tenantId, ids);
  if (!found.length) throw notFound(MESSAGES.notFound, 'columns');
  const targets = found.map((c): AuditTarget => ({
    kind: 'cardColumn',
    id: c.id,
    summary: columnSummary(c.column_name),
  }));
  return audited(deps, ctx, targets, async (tx) =>
    Number((await repo(tx).removeColumns(ctx.tenantId, ids)).numDeletedRows),
  );
}

export async function adjustOrder(
  deps: AppDeps,
  ctx: RequestContext,
  input: { cardId?: string; ids: string[] },
): Promise<void> {
  // An id twice would leave two items on one sort value, their order up to the database.
  if (new Set(input.ids).size !== input.ids.length) throw badRequest(WORKBENCH_MESSAGES.orderDuplicate, 'ids');
  if (input.cardId) {
    const own = (await repo(deps).columns(ctx.tenantId, [input.cardId])).map((c) => c.id);
    if (input.ids.some((id) => !own.includes(id)))
      throw badRequest(MESSAGES.badRequest, 'ids: not columns of this card');
    const cols = await repo(deps).columnsByIds(ctx.tenantId, input.ids);
    const targets = cols.map((c): AuditTarget => ({
      kind: 'cardColumn',
      id: c.id,
      summary: columnSummary(c.column_name),
    }));
    await audited(deps, ctx, targets, (tx) => repo(tx).setSort(ctx.tenantId, 'wb_card_columns', input.ids));
    return;
  }
  const cards = await repo(deps).cards(ctx.tenantId);
  const own = cards.map((c) => c.id);
  if (input.ids.some((id) => !own.includes(id))) throw notFound(WORKBENCH_MESSAGES.cardNotFound);
  const targets = cards
    .filter((c) => input.ids.includes(c.id))
    .map((c): AuditTarget => ({ kind: 'card', id: c.id, summary: cardSummary(c.card_name) }));
  await audited(deps, ctx, targets, (tx) => repo(tx).setSort(ctx.tenantId, 'wb_cards', input.ids));
}

/** choseCopyColumnlist: columns of other cards of the same type; with columnIds, copies them onto the card. */
export async function copyColumns(deps: AppDeps, ctx: RequestContext, cardId: string, columnIds?: string[]) {
  const card = await cardRow(deps, ctx.tenantId, cardId);
  const cards = (await repo(deps).cards(ctx.tenantId)).filter((c) => c.card_type === card.card_type && c.id !== cardId);
  const cols = await repo(deps).columns(
    ctx.tenantId,
    cards.map((c) => c.id),
  );
  const candidates = cols.map((c) => ({ ...toColumn(c), cardName: cards.find((x) => x.id === c.card_id)!.card_name }));
  if (!columnIds) return candidates;
  const chosen = candidates.filter((c) => columnIds.includes(c.id));
  if (chosen.length !== columnIds.length) throw badRequest(MESSAGES.badRequest, 'columnIds: not copyable');
  for (const c of chosen) {
    await submitColumn(deps, ctx, {
      cardId,
      columnName: c.columnName,
      dataSource: c.dataSource,
      apiId: c.apiId,
      category: c.category,
      todoTypeName: c.todoTypeName,
      todoTimeoutName: c.todoTimeoutName,
      cardMapping: c.cardMapping,
      columnNameEn: c.columnNameEn,
      todoTypeNameEn: c.todoTypeNameEn,
      todoTimeoutNameEn: c.todoTimeoutNameEn,
    });
  }
  return (await repo(deps).columns(ctx.tenantId, [cardId])).map((c) => ({ ...toColumn(c), cardName: card.card_name }));
}

// ---- data of a card ----

async function allowHosts(deps: AppDeps, tenantId: string): Promise<string[]> {
  return (await tenantSetting<string[]>(deps, tenantId, 'urlAllowlist')) ?? [];
}

const externalCache = new ExternalAnswerCache();

/**
 * One user's rows of an external source, and its counts. The source is asked with the user's identity as the
 * portal's own clients send it (section 7 and 7.1): a GET gets `_t`, `_account` and `_userName` in its query, a POST
 * `_account` and `_nickName` in its body; the configured parameters never replace them. So each user gets their own
 * list, kept for 30 s per user when `cached` (the home page), fetched afresh for an administrator's preview.
 */
async function externalAnswer(
  deps: AppDeps,
  v: Viewer,
  apiId: string | null,
  mapping: { field: string }[],
  cached: boolean,
): Promise<ExternalAnswer> {
  const api = apiId ? await repo(deps).api(v.tenantId, apiId) : undefined;
  if (!api) throw badRequest(WORKBENCH_MESSAGES.fetchFailed, 'unknown api');
  const allow = await allowHosts(deps, v.tenantId);
  // Checked before the cache too: a host taken off the allow-list is refused at once.
  assertAllowedTarget(api.url, allow);
  const key = JSON.stringify([v.tenantId, v.userId, api.id, api.url, api.method, api.request_params, api.list_path]);
  const hit = cached ? externalCache.get(key) : undefined;
  const answer = hit ?? (await fetchExternal(api, v, allow));
  if (cached && !hit) externalCache.set(key, answer);
  const rows = answer.rows.slice(0, ROW_LIMIT);
  return {
    ...answer,
    rows: mapping.length
      ? rows.map((r) => Object.fromEntries(mapping.map((m) => [m.field, r[m.field] ?? null])))
      : rows,
  };
}

async function fetchExternal(
  api: { url: string; method: string; request_params: string; list_path: string },
  v: Viewer,
  allowHosts: string[],
): Promise<ExternalAnswer> {
  const params = JSON.parse(api.request_params) as { name: string; value: string }[];
  const url = new URL(api.url);
  const method = api.method as 'GET' | 'POST';
  if (method === 'GET') {
    for (const p of params) url.searchParams.set(p.name, p.value);
    url.searchParams.set('_t', String(Date.now()));
    url.searchParams.set('_account', v.account);
    url.searchParams.set('_userName', v.userName);
  }
  const json = await fetchExternalJson(url.toString(), {
    allowHosts,
    method,
    body: { ...Object.fromEntries(params.map((p) => [p.name, p.value])), _account: v.account, _nickName: v.nickName },
  });
  const all = listOf(json, api.list_path);
  return {
    rows: all.slice(0, ROW_LIMIT),
    total: totalOf(json, api.list_path, all.length),
    timeout: all.filter(isOverdue).length,
  };
}

type Viewer = Pick<RequestContext, 'tenantId' | 'userId' | 'roleId' | 'account' | 'userName' | 'nickName'>;
type Remind = { field: 'todoNum' | 'todoTimeoutNum'; threshold: number; enabled: boolean };

/** The reminder flag of a to-do column: set when the reminder is on and the watched count reached its threshold. */
const remindFlag = (remind: Remind | null, counts: { total: number; timeout: number }) =>
  remind?.enabled
    ? { remind: (remind.field === 'todoTimeoutNum' ? counts.timeout : counts.total) >= remind.threshold }
    : {};

async function columnData(deps: AppDeps, v: Viewer, col: CardColumn, cached = false): Promise<ColumnData> {
  const r = repo(deps);
  const base: ColumnData = {
    id: col.id,
    columnName: col.columnName,
    dataSource: col.dataSource,
    todoNum: 0,
    todoTypeName: col.todoTypeName,
    todoTimeoutNum: 0,
    todoTimeoutName: col.todoTimeoutName,
    num: 0,
    result: [],
    cardMapping: col.cardMapping,
    columnNameEn: col.columnNameEn,
    todoTypeNameEn: col.todoTypeNameEn,
    todoTimeoutNameEn: col.todoTimeoutNameEn,
  };
  switch (col.dataSource) {
    case 'todo':
    case 'done':
    case 'personalMatters': {
      const kind = col.dataSource === 'personalMatters' ? 'matter' : col.dataSource;
      const [counts, rows, remind] = await Promise.all([
        r.todoCounts(v.tenantId, v.userId, kind, col.category),
        r.todos(v.tenantId, v.userId, kind, col.category, ROW_LIMIT),
        kind === 'todo' ? tenantSetting<Remind>(deps, v.tenantId, `todoRemind:${col.id}`) : null,
      ]);
      return {
        ...base,
        ...remindFlag(remind, counts),
        todoNum: counts.total,
        todoTimeoutNum: counts.timeout,
        num: counts.total,
        result: rows.map((t) => ({
          id: t.id,
          title: t.title,
          flowType: t.flow_type,
          status: t.matter_status,
          timeout: t.is_timeout === 1,
          createTime: t.created_at,
        })),
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
        // Issue 16: the column counts what the source holds for this user (its total), not 0.
        const [answer, remind] = await Promise.all([
          externalAnswer(deps, v, col.apiId, col.cardMapping, cached),
          tenantSetting<Remind>(deps, v.tenantId, `todoRemind:${col.id}`),
        ]);
        return {
          ...base,
          ...remindFlag(remind, { total: answer.total, timeout: answer.timeout }),
          todoNum: answer.total,
          todoTimeoutNum: answer.timeout,
          num: answer.total,
          result: answer.rows,
        };
      } catch (e) {
        return { ...base, error: (e as Error).message };
      }
    default:
      return base;
  }
}

async function resolveView(deps: AppDeps, v: Viewer, card: Card, layout: Layout, cached = false): Promise<CardView> {
  const r = repo(deps);
  const columns = (await r.columns(v.tenantId, [card.id])).map(toColumn);
  const list = await Promise.all(columns.map((c) => columnData(deps, v, c, cached)));
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
      const per = await Promise.all(
        scenes.map((s) => c.services(v.tenantId, v.roleId, { sceneNames: [s], limit: 6, byHeat: true })),
      );
      services = per.flat();
      break;
    }
    case 'commonTools':
      tools = (await r.tools(v.tenantId)).map((t) => ({
        id: t.id,
        tools_icon: t.tools_icon,
        tools_name: t.tools_name,
        tools_url: t.tools_url,
        tools_type: t.tools_type,
      }));
      break;
    case 'announcement':
    case 'campusNews':
      news = list.flatMap((l) => (l.dataSource === 'external' ? [] : (l.result as NewsItem[])));
      break;
    default:
      break;
  }
  if (sources.has('favourites') && card.cardType !== 'myCollection')
    services = await c.favourites(v.tenantId, v.roleId, v.userId, MAX_SERVICES);
  return { ...card, list, services, tools, news };
}

/** cardcolumnconfig/getConfig: a published card granted to the caller's role, with its data. */
export async function cardView(deps: AppDeps, ctx: RequestContext, cardId: string, layout: Layout): Promise<CardView> {
  const card = await cardDetail(deps, ctx, cardId);
  if (card.status !== 1 || !card.roleIds.includes(ctx.roleId))
    throw forbidden(WORKBENCH_MESSAGES.cardNotPublished, `card ${cardId}`);
  return resolveView(deps, ctx, card, layout, true);
}

/** How many cards of one getConfigs are read at a time (each reads a few rows, perhaps an external source). */
const CARD_VIEWS_AT_ONCE = 4;

/**
 * cardcolumnconfig/getConfigs (issue 10, ADR 0054): each asked card as cardcolumnconfig/getConfig answers this caller,
 * by asking `cardView` itself per card — the view in the envelope of success, or that card's own error (not granted or
 * not published, missing, another tenant's) in the envelope the error handler would have sent, so one card's failure
 * does not fail the others. A fault that is not an AppError is that card's 500 with the default message (what
 * getConfig's error handler answers), given to `onFault` to be logged. Parts come in the order asked.
 */
export async function cardViews(
  deps: AppDeps,
  ctx: RequestContext,
  cardIds: readonly string[],
  layout: Layout,
  onFault: (error: unknown, cardId: string) => void,
): Promise<CardViewPart[]> {
  const one = async (cardId: string): Promise<CardViewPart> => {
    try {
      return { cardId, ...ok(await cardView(deps, ctx, cardId, layout)) };
    } catch (error) {
      if (error instanceof AppError) return { cardId, ...fail(error.status, error.message, error.detail) };
      onFault(error, cardId);
      return { cardId, ...fail(STATUS_SERVER_ERROR, MESSAGES.defaultError) };
    }
  };
  const parts: CardViewPart[] = new Array(cardIds.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < cardIds.length; i = next++) parts[i] = await one(cardIds[i]!);
  };
  await Promise.all(Array.from({ length: Math.min(CARD_VIEWS_AT_ONCE, cardIds.length) }, worker));
  return parts;
}

/** cardcolumnconfig/preview: any card of the tenant, published or not (administrator). */
export async function previewCard(
  deps: AppDeps,
  ctx: RequestContext,
  cardId: string,
  layout: Layout,
): Promise<CardView> {
  const card = await cardDetail(deps, ctx, cardId);
  return resolveView(deps, ctx, card, layout);
}

export async function columnWithData(deps: AppDeps, ctx: RequestContext, id: string) {
  const col = await columnDetail(deps, ctx, id);
  return columnData(deps, ctx, col);
}

// ---- external data sources and common tools ----

const toApi = (r: {
  id: string;
  api_name: string;
  url: string;
  method: string;
  list_path: string;
  request_params: string;
  return_params: string;
}): ExternalApi => ({
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
  return audited(deps, ctx, { kind: 'externalApi', id, summary: apiSummary(input.apiName) }, async (tx) => {
    await repo(tx).upsertApi({
      id,
      tenant_id: ctx.tenantId,
      api_name: input.apiName,
      url: input.url,
      method: input.method,
      list_path: input.listPath,
      request_params: JSON.stringify(input.requestParams),
      return_params: JSON.stringify(input.returnParams),
    });
    return apiDetail(tx, ctx, id);
  });
}

export async function verifyUrl(deps: AppDeps, ctx: RequestContext, url: string) {
  const json = await fetchExternalJson(url, { allowHosts: await allowHosts(deps, ctx.tenantId) });
  const rows = listOf(json, '');
  const fields = [...new Set(rows.slice(0, 20).flatMap((r) => Object.keys(r)))];
  return { url, reachable: true, fields, sample: rows.slice(0, 5) };
}

export const urlAllowlist = (deps: AppDeps, ctx: RequestContext) => allowHosts(deps, ctx.tenantId);
export async function saveUrlAllowlist(deps: AppDeps, ctx: RequestContext, hosts: string[]) {
  const clean = [
    ...new Set(
      hosts
        .map((h) =>
          h
            .trim()
            .toLowerCase()
            .replace(/^\[|\]$/g, ''),
        )
        .filter(Boolean),
    ),
  ];
  await saveTenantSetting(deps, ctx.tenantId, 'urlAllowlist', clean);
  return clean;
}

const DATA_SOURCE_NAMES: Record<string, string> = {
  todo: '待办事项',
  done: '已办事项',
  personalMatters: '个人事项',
  news: '校园新闻',
  announcement: '重要公告',
  OfficialAccount: '公众号',
  tools: '常用工具',
  services: '服务',
  favourites: '我的收藏',
  recommend: '推荐服务',
  external: '外部接口',
};
export async function dataSourceList(deps: AppDeps, ctx: RequestContext) {
  const builtIn = DATA_SOURCES.filter((d) => d !== 'external').map((code) => ({
    code,
    name: DATA_SOURCE_NAMES[code]!,
    external: false,
    apiId: null,
  }));
  const apis = (await repo(deps).apis(ctx.tenantId)).map((a) => ({
    code: 'external',
    name: a.api_name,
    external: true,
    apiId: a.id,
  }));
  return [...builtIn, ...apis];
}

/** Each built-in source's fields: field, default header (zh-CN), type, default header in English (ADR 0074). */
const RETURN_FIELDS: Record<string, [string, string, string, string][]> = {
  todo: [
    ['title', '标题', 'string', 'Title'],
    ['flowType', '流程类型', 'string', 'Process type'],
    ['createTime', '到达时间', 'date', 'Arrival time'],
    ['timeout', '是否超时', 'boolean', 'Overdue'],
  ],
  done: [
    ['title', '标题', 'string', 'Title'],
    ['flowType', '流程类型', 'string', 'Process type'],
    ['createTime', '办理时间', 'date', 'Handled at'],
  ],
  personalMatters: [
    ['title', '事项名称', 'string', 'Item'],
    ['status', '状态', 'string', 'Status'],
    ['createTime', '发起时间', 'date', 'Submitted at'],
  ],
  news: [
    ['title', '标题', 'string', 'Title'],
    ['releaseTime', '发布时间', 'date', 'Published at'],
    ['important', '重要', 'boolean', 'Important'],
    ['url', '链接', 'string', 'Link'],
  ],
  announcement: [
    ['title', '标题', 'string', 'Title'],
    ['fieldSet', '栏目', 'string', 'Section'],
    ['releaseTime', '发布时间', 'date', 'Published at'],
  ],
  OfficialAccount: [
    ['title', '标题', 'string', 'Title'],
    ['fieldSet', '栏目', 'string', 'Section'],
    ['create_time', '创建时间', 'date', 'Created at'],
  ],
  tools: [
    ['tools_name', '工具名称', 'string', 'Tool name'],
    ['tools_icon', '图标', 'string', 'Icon'],
  ],
  services: [
    ['serviceName', '服务名称', 'string', 'Service name'],
    ['serviceSceneName', '服务场景', 'string', 'Service scene'],
    ['visitCount', '热度', 'number', 'Popularity'],
  ],
  favourites: [['serviceName', '服务名称', 'string', 'Service name']],
  recommend: [
    ['serviceName', '服务名称', 'string', 'Service name'],
    ['visitCount', '热度', 'number', 'Popularity'],
  ],
};
export async function returnParams(deps: AppDeps, ctx: RequestContext, dataSource: string, apiId: string | null) {
  if (dataSource === 'external') {
    if (!apiId) throw badRequest(MESSAGES.badRequest, 'apiId');
    return (await apiDetail(deps, ctx, apiId)).returnParams.map((p) => ({
      field: p.field,
      chineseName: p.chineseName,
      paramType: p.paramType,
    }));
  }
  return (RETURN_FIELDS[dataSource] ?? []).map(([field, chineseName, paramType, chineseNameEn]) => ({
    field,
    chineseName,
    paramType,
    chineseNameEn,
  }));
}
export async function requestParams(deps: AppDeps, ctx: RequestContext, dataSource: string, apiId: string | null) {
  if (dataSource === 'external') {
    if (!apiId) throw badRequest(MESSAGES.badRequest, 'apiId');
    return (await apiDetail(deps, ctx, apiId)).requestParams.map((p) => ({
      field: p.name,
      chineseName: p.name,
      paramType: p.paramType,
    }));
  }
  return dataSource === 'todo' || dataSource === 'done'
    ? [{ field: 'flowType', chineseName: '流程类型', paramType: 'string' }]
    : dataSource === 'news'
      ? [{ field: 'category', chineseName: '新闻分类', paramType: 'string' }]
      : [];
}
export const flowTypes = (deps: AppDeps, ctx: RequestContext) => repo(deps).flowTypes(ctx.tenantId);

export async function saveTool(deps: AppDeps, ctx: RequestContext, input: z.output<typeof CommonToolSave>) {
  assertCustomPath(input.tools_url);
  const set = {
    tools_name: input.tools_name,
    tools_icon: input.tools_icon,
    tools_url: input.tools_url,
    tools_type: input.tools_type,
    sort: input.sort,
  };
  if (input.id && !(await repo(deps).tool(ctx.tenantId, input.id)))
    throw notFound(MESSAGES.notFound, `tool ${input.id}`);
  const id = input.id ?? newId();
  return audited(deps, ctx, { kind: 'tool', id, summary: toolSummary(input.tools_name) }, async (tx) => {
    if (input.id)
      await expectVersion(tx, `tool:${ctx.tenantId}:${id}`, input.version, async () => {
        const now = await repo(tx).tool(ctx.tenantId, id);
        return now && toolItemOf(now);
      });
    await assertToolNameFree(tx, ctx.tenantId, input.tools_name, id);
    if (input.id) await repo(tx).updateTool(ctx.tenantId, id, set);
    else await repo(tx).insertTool({ id, tenant_id: ctx.tenantId, ...set });
    return { ...withVersion(toolItemOf({ id, ...set })), sort: set.sort };
  });
}
const toolItemOf = (t: Pick<ToolItem, 'id' | 'tools_icon' | 'tools_name' | 'tools_url' | 'tools_type'>): ToolItem => ({
  id: t.id,
  tools_icon: t.tools_icon,
  tools_name: t.tools_name,
  tools_url: t.tools_url,
  tools_type: t.tools_type,
});
/** The tenant's tools, each with its version (ADR 0075), which commonTool/save may name. */
export const toolList = async (deps: AppDeps, tenantId: string): Promise<ToolItem[]> =>
  (await repo(deps).tools(tenantId)).map((t) => withVersion(toolItemOf(t)));

// ---- to-do reminders ----

export async function todoRemind(deps: AppDeps, ctx: RequestContext, columnId: string) {
  await columnDetail(deps, ctx, columnId);
  return (
    (await tenantSetting<{ field: string; threshold: number; enabled: boolean }>(
      deps,
      ctx.tenantId,
      `todoRemind:${columnId}`,
    )) ?? { field: 'todoNum', threshold: 0, enabled: false }
  );
}
export async function saveTodoRemind(deps: AppDeps, ctx: RequestContext, input: z.output<typeof TodoRemindSubmit>) {
  const col = await columnDetail(deps, ctx, input.columnId);
  if (col.dataSource !== 'todo' && col.dataSource !== 'external')
    throw badRequest(MESSAGES.badRequest, 'columnId: not a to-do column');
  const value = { field: input.field, threshold: input.threshold, enabled: input.enabled };
  await saveTenantSetting(deps, ctx.tenantId, `todoRemind:${input.columnId}`, value);
  return { columnId: input.columnId, ...value };
}

// ---- what the home layout (home-config) and the landing page (site-settings) need of the cards ----

/** Every card of the tenant with the roles it is granted to. */
export async function cardsOfTenant(deps: AppDeps, tenantId: string): Promise<Card[]> {
  return cardsWithRoles(deps, tenantId, await repo(deps).cards(tenantId));
}

/** Where cards are placed: (index type, card), in order. */
export async function placements(deps: AppDeps, tenantId: string): Promise<{ typeId: string; cardId: string }[]> {
  return (await repo(deps).indexCards(tenantId)).map((l) => ({ typeId: l.type_id, cardId: l.card_id }));
}

/** The cards of an index type, in order; every card must be one of the tenant's. */
export async function placeCards(deps: AppDeps, tenantId: string, typeId: string, cardIds: string[]): Promise<void> {
  const own = (await repo(deps).cards(tenantId)).map((c) => c.id);
  if (cardIds.some((id) => !own.includes(id))) throw notFound(WORKBENCH_MESSAGES.cardNotFound);
  await repo(deps).setIndexCards(tenantId, typeId, [...new Set(cardIds)]);
}

/** Takes cards off every index type. */
export async function removePlacements(deps: AppDeps, ctx: RequestContext, cardIds: string[]) {
  await repo(deps).removeIndexCard(ctx.tenantId, cardIds);
}

/** Takes every card off the given index types (when they are deleted). */
export async function removePlacementsOfTypes(deps: AppDeps, tenantId: string, typeIds: string[]) {
  await repo(deps).removeIndexCardsOfTypes(tenantId, typeIds);
}

/** Roles a card is granted to are roles of the tenant (400 otherwise: another tenant's, or none's). */
export async function checkRoles(deps: AppDeps, tenantId: string, roleIds: string[]): Promise<void> {
  const roles = new Set((await roleList(deps, tenantId)).map((r) => r.id));
  if (roleIds.some((id) => !roles.has(id))) throw badRequest(MESSAGES.badRequest, 'roleIds: unknown role');
}

/** Grants a card to roles of the tenant (indextypeconfig/authConfig). */
export async function authConfig(deps: AppDeps, ctx: RequestContext, cardId: string, roleIds: string[]) {
  await cardRow(deps, ctx.tenantId, cardId);
  await checkRoles(deps, ctx.tenantId, roleIds);
  const card = await cardRow(deps, ctx.tenantId, cardId);
  await audited(deps, ctx, { kind: 'card', id: cardId, summary: cardSummary(card.card_name) }, (tx) =>
    repo(tx).setCardRoles(ctx.tenantId, cardId, [...new Set(roleIds)]),
  );
}

export async function publicNews(deps: AppDeps, tenantId: string, kind: 'news' | 'announcement'): Promise<NewsItem[]> {
  return (await repo(deps).news(tenantId, kind, '', 10)).map(toNews);
}
