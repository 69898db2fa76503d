import { MESSAGES } from '@portal/contracts/errors';
import {
  WORKBENCH_MESSAGES,
  type Card,
  type IndexType,
  type IndexTypeSubmit,
  type Layout,
} from '@portal/contracts/workbench';
import type { z } from 'zod';
import { newId } from '../../platform/crypto.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { AppDeps, RequestContext } from '../../platform/http.ts';
import { assertNameFree } from '../../platform/unique-name.ts';
import { audited, contentVersion, expectVersion, registerAuditKind, type AuditTarget } from '../audit/audit.service.ts';
import { cardsOfTenant, placeCards, placements, removePlacementsOfTypes } from '../cards/cards.service.ts';
import { saveTenantSetting, tenantSetting } from '../site-settings/site-settings.service.ts';
import { homeConfigRepository } from './home-config.repository.ts';

const repo = (deps: AppDeps) => homeConfigRepository(deps.db);

// The audit log (ADR 0030): a home tab's state is its row and the cards it shows, in order.
registerAuditKind('indexType', {
  async snapshot(deps, tenantId, id) {
    const row = await repo(deps).indexType(tenantId, id);
    if (!row) return null;
    const cardIds = (await placements(deps, tenantId)).filter((l) => l.typeId === id).map((l) => l.cardId);
    return { ...row, cardIds };
  },
  async restore(deps, tenantId, id, state) {
    const r = repo(deps);
    if (!state) {
      await r.removeIndexTypes(tenantId, [id]);
      await removePlacementsOfTypes(deps, tenantId, [id]);
      return;
    }
    const { type_name, layout, status, sort } = state as {
      type_name: string;
      layout: string;
      status: number;
      sort: number;
    };
    // Entries recorded before tabs had their English hold none.
    const type_name_en = typeof state.type_name_en === 'string' ? state.type_name_en : '';
    await assertTabNameFree(deps, tenantId, type_name, id);
    const row = { type_name, type_name_en, layout, status, sort };
    if (await r.indexType(tenantId, id)) await r.updateIndexType(tenantId, id, row);
    else await r.insertIndexType({ id, tenant_id: tenantId, ...row });
    // Cards deleted since stay away (their own entries bring them back).
    const own = new Set((await cardsOfTenant(deps, tenantId)).map((c) => c.id));
    await placeCards(
      deps,
      tenantId,
      id,
      ((state.cardIds as string[]) ?? []).filter((c) => own.has(c)),
    );
  },
});
const tabSummary = (name: string) => `首页页签「${name}」`;
export const tabTarget = (t: { id: string; type_name: string }): AuditTarget => ({
  kind: 'indexType',
  id: t.id,
  summary: tabSummary(t.type_name),
});

/** The settings key of the tab an administrator made the default (issue 16). */
const DEFAULT_TYPE_KEY = 'homeDefaultType';

/** The default tab: the one chosen, while it exists, else the first by sort. */
async function defaultTypeId(deps: AppDeps, tenantId: string, types: { id: string }[]): Promise<string | null> {
  const chosen = await tenantSetting<string>(deps, tenantId, DEFAULT_TYPE_KEY);
  return types.find((t) => t.id === chosen)?.id ?? types[0]?.id ?? null;
}

// ---- home layout (indextypeconfig, indexcardconfig/list) ----

export async function indexTypes(deps: AppDeps, tenantId: string, forRole: string | null): Promise<IndexType[]> {
  const [types, links, cards] = await Promise.all([
    repo(deps).indexTypes(tenantId),
    placements(deps, tenantId),
    cardsOfTenant(deps, tenantId),
  ]);
  const defaultId = await defaultTypeId(deps, tenantId, types);
  // The administrators' read (no role) carries each tab's version and its card list's (ADR 0075).
  const versions = (t: (typeof types)[number]) =>
    forRole
      ? {}
      : {
          version: contentVersion(tabFields(t)),
          cardsVersion: contentVersion(links.filter((l) => l.typeId === t.id).map((l) => l.cardId)),
        };
  return types
    .filter((t) => !forRole || t.status === 1)
    .map((t) => ({
      ...versions(t),
      id: t.id,
      typeName: t.type_name,
      typeNameEn: t.type_name_en,
      layout: t.layout as Layout,
      status: t.status,
      sort: t.sort,
      isDefault: t.id === defaultId,
      cardConfigs: links
        .filter((l) => l.typeId === t.id)
        .map((l) => cards.find((c) => c.id === l.cardId))
        .filter((c): c is Card => !!c && (!forRole || (c.status === 1 && c.roleIds.includes(forRole)))),
    }));
}

/** What a tab's version (ADR 0075) is a hash of: its own fields, not its cards (those have their own version). */
const tabFields = (t: {
  id: string;
  type_name: string;
  type_name_en: string;
  layout: string;
  status: number;
  sort: number;
}) => ({
  id: t.id,
  typeName: t.type_name,
  typeNameEn: t.type_name_en,
  layout: t.layout,
  status: t.status,
  sort: t.sort,
});
/** The ids of the cards on a tab, in order, as they are now (with the caller's transaction). */
const tabCardIds = async (deps: AppDeps, tenantId: string, typeId: string) =>
  (await placements(deps, tenantId)).filter((l) => l.typeId === typeId).map((l) => l.cardId);

/** Two tabs of one name could not be told apart on the home page (409), checked in the write's transaction. */
async function assertTabNameFree(deps: AppDeps, tenantId: string, name: string, exceptId?: string): Promise<void> {
  const tabs = await repo(deps).indexTypes(tenantId);
  assertNameFree(tabs, (t) => t.type_name, name, exceptId, { message: WORKBENCH_MESSAGES.tabNameTaken, kind: 'tab' });
}

/**
 * Creates or edits a tab. A new tab without a sort goes last (issue 16: with sort 0 it came first and so became every
 * user's opening tab); an edited tab without a sort keeps its place.
 */
export async function submitIndexType(deps: AppDeps, ctx: RequestContext, input: z.output<typeof IndexTypeSubmit>) {
  if (input.id) {
    const existing = await repo(deps).indexType(ctx.tenantId, input.id);
    if (!existing) throw notFound(MESSAGES.notFound, `type ${input.id}`);
    await audited(deps, ctx, tabTarget({ id: input.id, type_name: input.typeName }), async (tx) => {
      await expectVersion(tx, `indexType:${ctx.tenantId}:${input.id}`, input.version, async () => {
        const now = await repo(tx).indexType(ctx.tenantId, input.id!);
        return now && tabFields(now);
      });
      await assertTabNameFree(tx, ctx.tenantId, input.typeName, input.id);
      await repo(tx).updateIndexType(ctx.tenantId, input.id!, {
        type_name: input.typeName,
        ...(input.typeNameEn !== undefined && { type_name_en: input.typeNameEn }),
        layout: input.layout,
        sort: input.sort || existing.sort,
      });
    });
    return input.id;
  }
  const id = newId();
  await audited(deps, ctx, tabTarget({ id, type_name: input.typeName }), async (tx) => {
    await assertTabNameFree(tx, ctx.tenantId, input.typeName);
    const last = Math.max(0, ...(await repo(tx).indexTypes(ctx.tenantId)).map((t) => t.sort));
    await repo(tx).insertIndexType({
      id,
      tenant_id: ctx.tenantId,
      type_name: input.typeName,
      type_name_en: input.typeNameEn ?? '',
      layout: input.layout,
      status: 1,
      sort: input.sort || last + 1,
    });
  });
  return id;
}

/** indextypeconfig/setDefault (not in the spec): the tab the home page opens on, for every user of the tenant. */
export async function setDefaultIndexType(deps: AppDeps, ctx: RequestContext, id: string) {
  const tab = await repo(deps).indexType(ctx.tenantId, id);
  if (!tab) throw notFound(WORKBENCH_MESSAGES.indexTypeNotFound, `type ${id}`);
  const target = { kind: 'setting', id: DEFAULT_TYPE_KEY, summary: `默认首页页签：「${tab.type_name}」` } as const;
  await audited(deps, ctx, target, (tx) => saveTenantSetting(tx, ctx.tenantId, DEFAULT_TYPE_KEY, id));
}

/** indextypeconfig/adjustOrder (not in the spec): every tab of the tenant in its new order, saved as sort 1, 2, … */
export async function adjustIndexTypeOrder(deps: AppDeps, ctx: RequestContext, ids: string[]) {
  const types = await repo(deps).indexTypes(ctx.tenantId);
  const own = types.map((t) => t.id);
  if (ids.length !== own.length || new Set(ids).size !== ids.length || ids.some((id) => !own.includes(id)))
    throw badRequest(WORKBENCH_MESSAGES.indexTypeOrder, `ids: ${ids.length} of ${own.length}`);
  await audited(deps, ctx, types.map(tabTarget), (tx) => repo(tx).setSort(ctx.tenantId, ids));
}

export async function setIndexTypeStatus(deps: AppDeps, ctx: RequestContext, id: string, status: number) {
  const tab = await repo(deps).indexType(ctx.tenantId, id);
  if (!tab) throw notFound(MESSAGES.notFound, `type ${id}`);
  await audited(deps, ctx, tabTarget(tab), (tx) => repo(tx).updateIndexType(ctx.tenantId, id, { status }));
}

/** Deletes index types and takes their cards off them, in one transaction with its audit entries. */
export async function removeIndexTypes(deps: AppDeps, ctx: RequestContext, ids: string[]) {
  const types = await repo(deps).indexTypes(ctx.tenantId);
  const own = types.map((t) => t.id);
  if (ids.some((id) => !own.includes(id))) throw notFound(MESSAGES.notFound, 'type');
  // Issue 16: the home page keeps a tab, and the default one goes only after another has been made the default.
  if (own.every((id) => ids.includes(id))) throw badRequest(WORKBENCH_MESSAGES.lastIndexType);
  const defaultId = await defaultTypeId(deps, ctx.tenantId, types);
  if (defaultId && ids.includes(defaultId)) throw badRequest(WORKBENCH_MESSAGES.defaultIndexType, `type ${defaultId}`);
  await audited(deps, ctx, types.filter((t) => ids.includes(t.id)).map(tabTarget), async (tx) => {
    await repo(tx).removeIndexTypes(ctx.tenantId, ids);
    await removePlacementsOfTypes(tx, ctx.tenantId, ids);
  });
}

/**
 * The tab a new card is put on (cardbasicconfig/create, ADR 0071), read before its transaction for the audit entry:
 * the one named, else the first by sort (what the card dialog put new cards on); undefined when there is none.
 */
export async function placementTab(deps: AppDeps, tenantId: string, typeId?: string) {
  const tabs = await repo(deps).indexTypes(tenantId);
  const tab = typeId === undefined ? tabs[0] : tabs.find((t) => t.id === typeId);
  return tab && { id: tab.id, typeName: tab.type_name, target: tabTarget(tab) };
}

/**
 * In the caller's transaction, the tab a card is being put on, locked until that transaction ends, so that cards put
 * on one tab at once each land after the other's; 404 when it is not the tenant's (or was deleted meanwhile).
 */
export async function lockPlacementTab(tx: AppDeps, tenantId: string, typeId: string): Promise<void> {
  if (!(await repo(tx).lockIndexType(tenantId, typeId)))
    throw notFound(WORKBENCH_MESSAGES.indexTypeNotFound, `type ${typeId}`);
}

/**
 * indextypeconfig/submitCard: the tab's cards, in order. With `cardsVersion` (the list version the page read, ADR
 * 0075) the write is refused (409 changedMeanwhile, nothing written) when the tab's cards changed since — a card
 * another administrator put on the tab after the page loaded is not dropped by a list that never held it.
 */
export async function submitIndexCards(
  deps: AppDeps,
  ctx: RequestContext,
  typeId: string,
  cardIds: string[],
  cardsVersion?: string,
) {
  const tab = await repo(deps).indexType(ctx.tenantId, typeId);
  if (!tab) throw notFound(MESSAGES.notFound, `type ${typeId}`);
  await audited(deps, ctx, tabTarget(tab), async (tx) => {
    // The tab's row is locked as cardbasicconfig/create locks it, so a card being put on it meanwhile is seen here.
    await expectVersion(tx, `indexTypeCards:${ctx.tenantId}:${typeId}`, cardsVersion, async () => {
      if (!(await repo(tx).lockIndexType(ctx.tenantId, typeId))) return null;
      return tabCardIds(tx, ctx.tenantId, typeId);
    });
    await placeCards(tx, ctx.tenantId, typeId, cardIds);
  });
}
