import type { ConfigFileTab } from '@portal/contracts/config-transfer';
import { newId } from '../../platform/crypto.ts';
import type { AuditTarget } from '../audit/audit.service.ts';
import { carriedOver, nameKey } from '../audit/carried-over.ts';
import type { AppDeps } from '../../platform/http.ts';
import { saveTenantSetting } from '../site-settings/site-settings.service.ts';
import { homeConfigRepository } from './home-config.repository.ts';
import { indexTypes, tabTarget } from './home-config.service.ts';

/** The settings key home-config.service keeps the default tab in (indextypeconfig/setDefault). */
const DEFAULT_TYPE_KEY = 'homeDefaultType';

/**
 * The home tabs of the workbench configuration file (ADR 0031): in order, whether each is the default, and the keys
 * of their cards (the cards' export names them).
 */
export async function exportHomeConfig(
  deps: AppDeps,
  tenantId: string,
  cardKeysOf: (typeId: string) => string[],
): Promise<ConfigFileTab[]> {
  return (await indexTypes(deps, tenantId, null)).map((t) => ({
    typeName: t.typeName,
    ...(t.typeNameEn && { typeNameEn: t.typeNameEn }),
    layout: t.layout,
    status: t.status === 1 ? 1 : 0,
    isDefault: t.isDefault,
    cards: cardKeysOf(t.id),
  }));
}

/**
 * Replaces the tenant's tabs with a file's (with the `deps.db` given: the import's transaction); the file's default
 * tab (else its first) becomes the default. Returns the new tab ids in the file's order.
 */
/** The tenant's home tabs (each with its cards) and its default tab, as items of the audit log (ADR 0075: an import records an entry per item). */
export async function homeAuditTargets(deps: AppDeps, tenantId: string): Promise<AuditTarget[]> {
  return [
    ...(await homeConfigRepository(deps.db).indexTypes(tenantId)).map(tabTarget),
    { kind: 'setting', id: DEFAULT_TYPE_KEY, summary: '默认首页页签' },
  ];
}

export async function importHomeConfig(deps: AppDeps, tenantId: string, tabs: ConfigFileTab[]): Promise<string[]> {
  const r = homeConfigRepository(deps.db);
  const oldTabs = await r.indexTypes(tenantId);
  const old = oldTabs.map((t) => t.id);
  if (old.length) await r.removeIndexTypes(tenantId, old);
  // ADR 0078: a tab of the file named as one of the tenant's keeps its id.
  const oldTab = carriedOver(oldTabs, (t) => nameKey(t.type_name));
  const ids: string[] = [];
  for (const [i, tab] of tabs.entries()) {
    const id = oldTab(nameKey(tab.typeName))?.id ?? newId();
    ids.push(id);
    await r.insertIndexType({
      id,
      tenant_id: tenantId,
      type_name: tab.typeName,
      type_name_en: tab.typeNameEn ?? '',
      layout: tab.layout,
      status: tab.status,
      sort: i + 1,
    });
  }
  const chosen = tabs.findIndex((t) => t.isDefault);
  await saveTenantSetting(deps, tenantId, DEFAULT_TYPE_KEY, ids[Math.max(0, chosen)]);
  return ids;
}
