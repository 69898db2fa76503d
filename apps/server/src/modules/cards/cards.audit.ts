import { AUDIT_MESSAGES } from '@portal/contracts/audit';
import type { Selectable } from 'kysely';
import type { WbCardColumnRow, WbCardRow, WbExternalApiTable, WbToolTable } from '../../db/tables/workbench.ts';
import { nowIso } from '../../db/sql-helpers.ts';
import { conflict } from '../../platform/errors.ts';
import type { AppDeps } from '../../platform/http.ts';
import { registerAuditKind, type AuditState } from '../audit/audit.service.ts';
import { assertCardNameFree, assertToolNameFree } from './cards.names.ts';
import { cardsRepository } from './cards.repository.ts';

/**
 * What the audit log (ADR 0030) records of the cards module, and how a revert puts it back:
 * - card: its row (config as JSON, without updated_at), the roles it is granted to and its columns; a revert of a
 *   delete brings all three back (not its places on home tabs: those are the tabs' own entries);
 * - cardColumn: its row (card_mapping as JSON);
 * - tool: its row;
 * - externalApi: a registered external data source, its parameters as JSON. A parameter or address holding a secret
 *   (a token in the query, a parameter named appSecret …) is redacted by the audit module, and such an entry cannot
 *   be reverted.
 */
const repo = (deps: AppDeps) => cardsRepository(deps.db);

const columnState = (c: WbCardColumnRow) => ({ ...c, card_mapping: JSON.parse(c.card_mapping) as unknown });
const columnRow = (s: Record<string, unknown>): WbCardColumnRow => ({
  ...(s as unknown as WbCardColumnRow),
  card_mapping: JSON.stringify(s.card_mapping ?? []),
});

export const cardSummary = (name: string) => `卡片「${name}」`;
export const columnSummary = (name: string) => `卡片栏目「${name}」`;
export const toolSummary = (name: string) => `常用工具「${name}」`;
export const apiSummary = (name: string) => `外部数据源「${name}」`;

registerAuditKind('card', {
  async snapshot(deps, tenantId, id) {
    const r = repo(deps);
    const row = await r.card(tenantId, id);
    if (!row) return null;
    const { updated_at: _updated, ...rest } = row;
    const roles = (await r.cardRoles(tenantId, [id])).map((x) => x.role_id).sort();
    const columns = (await r.columns(tenantId, [id])).map(columnState);
    return { ...rest, config: JSON.parse(row.config) as unknown, roleIds: roles, columns };
  },
  async restore(deps, tenantId, id, state) {
    const r = repo(deps);
    if (!state) {
      await r.removeCards(tenantId, [id]);
      return;
    }
    const { roleIds, columns, config, ...fields } = state as Record<string, unknown> & {
      roleIds: string[];
      columns: Record<string, unknown>[];
    };
    // An entry of before the English texts (ADR 0074) has none: the card goes back to having none.
    const old = fields as unknown as Omit<WbCardRow, 'card_name_en' | 'card_introduction_en'> & Partial<WbCardRow>;
    const row = {
      ...old,
      card_name_en: old.card_name_en ?? '',
      card_introduction_en: old.card_introduction_en ?? '',
      id,
      tenant_id: tenantId,
      config: JSON.stringify(config),
    };
    // A card brought back, or given its old name back, may not take a name another card has been given since.
    await assertCardNameFree(deps, tenantId, row.card_name, id);
    if (await r.card(tenantId, id)) await r.updateCard(tenantId, id, { ...row, updated_at: nowIso() });
    else await r.insertCard({ ...row, updated_at: nowIso() });
    await r.setCardRoles(tenantId, id, roleIds);
    await r.removeColumnsOfCard(tenantId, id);
    for (const c of columns) await r.insertColumn({ ...columnRow(c), tenant_id: tenantId, card_id: id });
  },
});

registerAuditKind('cardColumn', {
  async snapshot(deps, tenantId, id) {
    const row = await repo(deps).column(tenantId, id);
    return row ? columnState(row) : null;
  },
  async restore(deps, tenantId, id, state: AuditState) {
    const r = repo(deps);
    await r.removeColumns(tenantId, [id]);
    if (!state) return;
    const row = columnRow(state);
    // A column of a card deleted since cannot come back on its own: revert the card's deletion first.
    if (!(await r.card(tenantId, row.card_id))) throw conflict(AUDIT_MESSAGES.changedSince, `card ${row.card_id}`);
    await r.insertColumn({ ...row, id, tenant_id: tenantId });
  },
});

registerAuditKind('tool', {
  async snapshot(deps, tenantId, id) {
    const row = await repo(deps).tool(tenantId, id);
    return row ? { ...row } : null;
  },
  async restore(deps, tenantId, id, state) {
    const r = repo(deps);
    await r.removeTool(tenantId, id);
    if (state) await assertToolNameFree(deps, tenantId, String(state.tools_name ?? ''), id);
    if (state) await r.insertTool({ ...(state as unknown as Selectable<WbToolTable>), id, tenant_id: tenantId });
  },
});

registerAuditKind('externalApi', {
  async snapshot(deps, tenantId, id) {
    const row = await repo(deps).api(tenantId, id);
    if (!row) return null;
    return {
      ...row,
      request_params: JSON.parse(row.request_params) as unknown,
      return_params: JSON.parse(row.return_params) as unknown,
    };
  },
  async restore(deps, tenantId, id, state) {
    const r = repo(deps);
    if (!state) {
      await r.removeApi(tenantId, id);
      return;
    }
    const row = state as unknown as Selectable<WbExternalApiTable> & {
      request_params: unknown;
      return_params: unknown;
    };
    await r.upsertApi({
      ...row,
      id,
      tenant_id: tenantId,
      request_params: JSON.stringify(row.request_params ?? []),
      return_params: JSON.stringify(row.return_params ?? []),
    });
  },
});
