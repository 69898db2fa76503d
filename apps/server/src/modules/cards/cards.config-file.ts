import {
  CONFIG_TRANSFER_TEXTS,
  type ConfigFileCard,
  type ConfigFileService,
  type ConfigFileTool,
  type ConfigSkip,
} from '@portal/contracts/config-transfer';
import type { Card } from '@portal/contracts/workbench';
import { nowIso } from '../../db/sql-helpers.ts';
import { newId } from '../../platform/crypto.ts';
import type { AppDeps } from '../../platform/http.ts';
import type { AuditTarget } from '../audit/audit.service.ts';
import { carriedOver, nameKey, sameJson, stampsOver } from '../audit/carried-over.ts';
import { roleList } from '../auth/auth.service.ts';
import { assertCustomPath } from '../navigation/navigation.service.ts';
import { catalogueReadsOf } from '../services/services.service.ts';
import { removeTenantSettings } from '../site-settings/site-settings.config-file.ts';
import { saveTenantSetting, tenantSetting } from '../site-settings/site-settings.service.ts';
import { cardsConfigFileRepository } from './cards.config-file.repository.ts';
import { cardSummary, columnSummary, toolSummary } from './cards.audit.ts';
import { cardsRepository } from './cards.repository.ts';

/**
 * The cards' part of the workbench configuration file (ADR 0031): cards with their columns, role grants (by role
 * alias), services (by name and department), the external data source a column reads (by name, never its address or
 * credentials), to-do reminders, placements on home tabs, and the common tools. The import functions write with the
 * `deps.db` they are given: the coordinator (config-transfer) passes its transaction.
 */
const repo = (deps: AppDeps) => cardsRepository(deps.db);
const cat = (deps: AppDeps) => catalogueReadsOf(deps.db);
const remindKey = (columnId: string) => `todoRemind:${columnId}`;

/** The tenant's cards, their columns and the common tools, as items of the audit log (ADR 0075: an import records an entry per item). */
export async function cardsAuditTargets(deps: AppDeps, tenantId: string): Promise<AuditTarget[]> {
  const r = repo(deps);
  const cards = await r.cards(tenantId);
  const columns = await r.columns(
    tenantId,
    cards.map((c) => c.id),
  );
  return [
    ...cards.map((c): AuditTarget => ({ kind: 'card', id: c.id, summary: cardSummary(c.card_name) })),
    ...columns.map((c): AuditTarget => ({ kind: 'cardColumn', id: c.id, summary: columnSummary(c.column_name) })),
    ...(await r.tools(tenantId)).map((t): AuditTarget => ({
      kind: 'tool',
      id: t.id,
      summary: toolSummary(t.tools_name),
    })),
  ];
}
type Remind = { field: string; threshold: number; enabled: boolean };

/** The name a file gives a role: its alias, else its name. */
const roleRef = (r: { roleAlias: string; roleName: string }) => r.roleAlias || r.roleName;

export async function exportCardsConfig(deps: AppDeps, tenantId: string) {
  const r = repo(deps);
  const [rows, roles, apis, links, toolRows] = await Promise.all([
    r.cards(tenantId),
    roleList(deps, tenantId),
    r.apis(tenantId),
    r.indexCards(tenantId),
    r.tools(tenantId),
  ]);
  const ids = rows.map((c) => c.id);
  const [columns, grants] = await Promise.all([r.columns(tenantId, ids), r.cardRoles(tenantId, ids)]);
  const keyOf = new Map(rows.map((c, i) => [c.id, `card-${i + 1}`]));
  const allServiceIds = rows.flatMap((c) => (JSON.parse(c.config) as { serviceIds?: string[] }).serviceIds ?? []);
  const services = new Map(
    (await cat(deps).servicesWithDept(tenantId, [...new Set(allServiceIds)])).map((s) => [
      s.id,
      { name: s.service_name, dept: s.dept_name ?? '' },
    ]),
  );
  const reminds = new Map<string, Remind | null>();
  for (const col of columns) reminds.set(col.id, await tenantSetting<Remind>(deps, tenantId, remindKey(col.id)));
  const roleOf = new Map(roles.map((x) => [x.id, roleRef(x)]));
  const apiOf = new Map(apis.map((a) => [a.id, a.api_name]));

  const cards: ConfigFileCard[] = rows.map((row) => {
    const extra = JSON.parse(row.config) as Partial<Card>;
    return {
      key: keyOf.get(row.id)!,
      cardType: row.card_type as Card['cardType'],
      basicConfig: {
        cardName: row.card_name,
        cardIntroduction: row.card_introduction,
        displayRows: row.display_rows,
        // ADR 0074: English only when there is some, so a file without any reads as before.
        ...(row.card_name_en && { cardNameEn: row.card_name_en }),
        ...(row.card_introduction_en && { cardIntroductionEn: row.card_introduction_en }),
      },
      dataSource: row.data_source,
      typeList: extra.typeList ?? [],
      currentStatusBackgroundColor: extra.currentStatusBackgroundColor ?? [],
      otherInformationList: extra.otherInformationList ?? [],
      services: (extra.serviceIds ?? []).flatMap((id) => services.get(id) ?? []),
      status: row.status === 1 ? 1 : 0,
      roles: grants
        .filter((g) => g.card_id === row.id)
        .flatMap((g) => roleOf.get(g.role_id) ?? [])
        .sort(),
      columns: columns
        .filter((c) => c.card_id === row.id)
        .map((c) => ({
          columnName: c.column_name,
          dataSource: c.data_source as ConfigFileCard['columns'][number]['dataSource'],
          externalApi: (c.api_id && apiOf.get(c.api_id)) || null,
          category: c.category,
          todoTypeName: c.todo_type_name,
          todoTimeoutName: c.todo_timeout_name,
          cardMapping: JSON.parse(c.card_mapping),
          remind: reminds.get(c.id) ?? null,
          ...(c.column_name_en && { columnNameEn: c.column_name_en }),
          ...(c.todo_type_name_en && { todoTypeNameEn: c.todo_type_name_en }),
          ...(c.todo_timeout_name_en && { todoTimeoutNameEn: c.todo_timeout_name_en }),
        })),
    };
  });
  const tools: ConfigFileTool[] = toolRows.map((t) => ({
    toolsName: t.tools_name,
    toolsIcon: t.tools_icon,
    toolsUrl: t.tools_url,
    toolsType: t.tools_type,
  }));
  /** The keys of the cards on each index type, in order. */
  const placementKeys = (typeId: string) =>
    links.filter((l) => l.type_id === typeId).flatMap((l) => keyOf.get(l.card_id) ?? []);
  return { cards, tools, placementKeys };
}

/** Matches a file's service to one of the tenant's: same name and department, else the only one of that name. */
function matchService(
  candidates: { id: string; service_name: string; dept_name: string | null }[],
  s: ConfigFileService,
): string | undefined {
  const named = candidates.filter((c) => c.service_name === s.name);
  return (named.find((c) => (c.dept_name ?? '') === s.dept) ?? (named.length === 1 ? named[0] : undefined))?.id;
}

/**
 * Replaces the tenant's cards and common tools with the file's. Returns the new id of each card key, what was written
 * and what was left out (a role, service or external data source the tenant does not have).
 */
export async function importCardsConfig(
  deps: AppDeps,
  tenantId: string,
  cards: ConfigFileCard[],
  tools: ConfigFileTool[],
) {
  const r = repo(deps);
  for (const t of tools) assertCustomPath(t.toolsUrl);
  const [roles, apis, candidates, oldCards, oldTools] = await Promise.all([
    roleList(deps, tenantId),
    r.apis(tenantId),
    cat(deps).servicesByName(tenantId, [...new Set(cards.flatMap((c) => c.services.map((s) => s.name)))]),
    r.cards(tenantId),
    r.tools(tenantId),
  ]);
  const oldColumns = await r.columns(
    tenantId,
    oldCards.map((c) => c.id),
  );
  const oldGrants = new Map<string, string[]>();
  for (const g of await r.cardRoles(
    tenantId,
    oldCards.map((c) => c.id),
  ))
    oldGrants.set(g.card_id, [...(oldGrants.get(g.card_id) ?? []), g.role_id].sort());
  await removeTenantSettings(
    deps,
    tenantId,
    oldColumns.map((c) => remindKey(c.id)),
  );
  await cardsConfigFileRepository(deps.db).removeConfigOfTenant(tenantId);
  // ADR 0078: a card, column or tool of the file named as one of the tenant's keeps its id (and a card its creation).
  const oldCard = carriedOver(oldCards, (c) => nameKey(c.card_name));
  const oldColumn = carriedOver(oldColumns, (c) => nameKey(c.card_id, c.column_name));
  const oldTool = carriedOver(oldTools, (t) => nameKey(t.tools_name));

  const roleByRef = new Map<string, string>();
  for (const x of roles) {
    if (x.roleName && !roleByRef.has(x.roleName)) roleByRef.set(x.roleName, x.id);
  }
  for (const x of roles) if (x.roleAlias) roleByRef.set(x.roleAlias, x.id);
  const apiByName = new Map(apis.map((a) => [a.api_name, a.id]));
  const skipped: ConfigSkip[] = [];
  const idOfKey = new Map<string, string>();
  const now = nowIso();
  let columnCount = 0;

  for (const [i, card] of cards.entries()) {
    const name = card.basicConfig.cardName;
    const was = oldCard(nameKey(name));
    const id = was?.id ?? newId();
    idOfKey.set(card.key, id);
    const serviceIds: string[] = [];
    for (const s of card.services) {
      const sid = matchService(candidates, s);
      if (sid) serviceIds.push(sid);
      else
        skipped.push({
          section: 'cards',
          item: `${name} / ${s.dept ? `${s.dept} · ` : ''}${s.name}`,
          reason: CONFIG_TRANSFER_TEXTS.serviceMissing,
        });
    }
    const roleIds = new Set<string>();
    for (const ref of card.roles) {
      const rid = roleByRef.get(ref);
      if (rid) roleIds.add(rid);
      else skipped.push({ section: 'cards', item: `${name} / ${ref}`, reason: CONFIG_TRANSFER_TEXTS.roleMissing });
    }
    const columns = card.columns.map((col, j) => {
      const apiId = col.externalApi ? (apiByName.get(col.externalApi) ?? null) : null;
      if (col.externalApi && !apiId)
        skipped.push({
          section: 'columns',
          item: `${name} / ${col.columnName} / ${col.externalApi}`,
          reason: CONFIG_TRANSFER_TEXTS.apiMissing,
        });
      return {
        remind: col.remind,
        row: {
          id: oldColumn(nameKey(id, col.columnName))?.id ?? newId(),
          tenant_id: tenantId,
          card_id: id,
          column_name: col.columnName,
          data_source: col.dataSource,
          api_id: apiId,
          category: col.category,
          todo_type_name: col.todoTypeName,
          todo_timeout_name: col.todoTimeoutName,
          column_name_en: col.columnNameEn ?? '',
          todo_type_name_en: col.todoTypeNameEn ?? '',
          todo_timeout_name_en: col.todoTimeoutNameEn ?? '',
          card_mapping: JSON.stringify(col.cardMapping),
          sort: j + 1,
        },
      };
    });
    const fields = {
      card_type: card.cardType,
      card_name: name,
      card_introduction: card.basicConfig.cardIntroduction,
      card_name_en: card.basicConfig.cardNameEn ?? '',
      card_introduction_en: card.basicConfig.cardIntroductionEn ?? '',
      display_rows: card.basicConfig.displayRows,
      data_source: card.dataSource,
      config: JSON.stringify({
        typeList: card.typeList,
        currentStatusBackgroundColor: card.currentStatusBackgroundColor,
        otherInformationList: card.otherInformationList,
        serviceIds: [...new Set(serviceIds)],
      }),
      status: card.status,
      sort: i + 1,
    };
    // A card's update time moves with its roles and columns too (cards.service.ts), so they are compared as well.
    const same =
      !!was &&
      sameJson([...roleIds].sort(), oldGrants.get(id) ?? []) &&
      sameJson(
        columns.map((c) => c.row),
        oldColumns.filter((c) => c.card_id === id),
      );
    await r.insertCard({ id, tenant_id: tenantId, ...fields, ...stampsOver(was, fields, now, same) });
    await cardsConfigFileRepository(deps.db).insertCardRoles(
      [...roleIds].map((role_id) => ({ tenant_id: tenantId, card_id: id, role_id })),
    );
    for (const { row, remind } of columns) {
      await r.insertColumn(row);
      if (remind) await saveTenantSetting(deps, tenantId, remindKey(row.id), remind);
      columnCount++;
    }
  }
  for (const [i, t] of tools.entries())
    await r.insertTool({
      id: oldTool(nameKey(t.toolsName))?.id ?? newId(),
      tenant_id: tenantId,
      tools_name: t.toolsName,
      tools_icon: t.toolsIcon,
      tools_url: t.toolsUrl,
      tools_type: t.toolsType,
      sort: i + 1,
    });
  return { idOfKey, counts: { cards: cards.length, columns: columnCount, tools: tools.length }, skipped };
}

/** Places the imported cards on the imported tabs (the card ids are the tenant's, from importCardsConfig). */
export async function importPlacements(
  deps: AppDeps,
  tenantId: string,
  placements: { typeId: string; cardIds: string[] }[],
) {
  await cardsConfigFileRepository(deps.db).insertIndexCards(
    placements.flatMap((p) =>
      [...new Set(p.cardIds)].map((card_id, i) => ({ tenant_id: tenantId, type_id: p.typeId, card_id, sort: i + 1 })),
    ),
  );
}
