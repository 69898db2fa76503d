import type { ConfigFileNavigation } from '@portal/contracts/config-transfer';
import { CUSTOM_NAVIGATION_LIMIT } from '@portal/contracts/constants';
import { WORKBENCH_MESSAGES } from '@portal/contracts/workbench';
import { newId } from '../../platform/crypto.ts';
import { badRequest } from '../../platform/errors.ts';
import type { AppDeps } from '../../platform/http.ts';
import type { AuditTarget } from '../audit/audit.service.ts';
import { carriedOver, nameKey } from '../audit/carried-over.ts';
import { navigationConfigFileRepository } from './navigation.config-file.repository.ts';
import { navigationRepository } from './navigation.repository.ts';
import { assertCustomPath, navigationList, navSummary } from './navigation.service.ts';

/** The tenant's navigation items, as items of the audit log (ADR 0075: an import records an entry per item). */
export async function navigationAuditTargets(deps: AppDeps, tenantId: string): Promise<AuditTarget[]> {
  return (await navigationRepository(deps.db).navigation(tenantId)).map((n) => ({
    kind: 'navigation',
    id: n.id,
    summary: navSummary(n.navigation_name),
  }));
}

/** The navigation part of the workbench configuration file (ADR 0031): every item, in order, without ids. */
export async function exportNavigationConfig(deps: AppDeps, tenantId: string): Promise<ConfigFileNavigation[]> {
  return (await navigationList(deps, tenantId, false)).map((n) => ({
    navigationName: n.navigationName,
    navigationNameEn: n.navigationNameEn ?? '',
    navigationType: n.navigationType,
    isBuilt: n.isBuilt,
    isAuto: n.isAuto,
    configPath: n.configPath,
    embedded: n.embedded,
  }));
}

/**
 * Replaces the tenant's navigation with a file's (with the `deps.db` given: the import's transaction). A link this
 * site would refuse, or more custom items than allowed, fails the whole import.
 */
export async function importNavigationConfig(
  deps: AppDeps,
  tenantId: string,
  items: ConfigFileNavigation[],
): Promise<number> {
  for (const n of items) assertCustomPath(n.configPath);
  const custom = items.filter((n) => n.isBuilt === 2).length;
  if (custom > CUSTOM_NAVIGATION_LIMIT)
    throw badRequest(WORKBENCH_MESSAGES.navigationLimit, `navigation: ${custom} > ${CUSTOM_NAVIGATION_LIMIT}`);
  const r = navigationRepository(deps.db);
  // ADR 0078: an item of the file named as one of the tenant's keeps its id.
  const oldItem = carriedOver(await r.navigation(tenantId), (n) => nameKey(n.navigation_name));
  await navigationConfigFileRepository(deps.db).removeAllNavigation(tenantId);
  for (const [i, n] of items.entries())
    await r.insertNavigation({
      id: oldItem(nameKey(n.navigationName))?.id ?? newId(),
      tenant_id: tenantId,
      navigation_name: n.navigationName,
      navigation_name_en: n.navigationNameEn ?? '',
      navigation_type: n.navigationType,
      is_built: n.isBuilt,
      is_auto: n.isAuto,
      config_path: n.configPath,
      embedded: n.embedded ? 1 : 0,
      sort: i + 1,
    });
  return items.length;
}
