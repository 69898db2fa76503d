import type { Db } from '../../db/create-db.ts';
import { newId } from '../../platform/crypto.ts';
import { navigationRepository } from './navigation.repository.ts';

/**
 * The built-in navigation items: the portal's own pages in the top navigation. An administrator may rename, order
 * and hide them, but neither add nor delete one (an item added is a custom one), so a tenant gets them when made.
 */
export const BUILT_IN_NAVIGATION = [
  { name: '服务大厅', type: 'SERVICE_HALL', path: 'serviceHall' },
  { name: '办事服务中心', type: 'FLOW_SERVICE_CENTER', path: 'processServiceCenter' },
  { name: '应用服务中心', type: 'APPLY_SERVICE_CENTER', path: 'applicationServiceCenter' },
] as const;

/** The built-in items of a tenant as rows, shown, in this order; `idOf` names the i-th (the demo seed's ids are fixed). */
export const builtInNavigationRows = (tenantId: string, idOf: (i: number) => string) =>
  BUILT_IN_NAVIGATION.map((n, i) => ({
    id: idOf(i),
    tenant_id: tenantId,
    navigation_name: n.name,
    navigation_type: n.type,
    is_built: 1,
    is_auto: 1,
    config_path: n.path,
    embedded: 0,
    sort: i + 1,
  }));

/** The navigation's part of a new tenant (modules/tenants): the built-in items. */
export async function createBuiltInNavigation(db: Db, tenantId: string): Promise<void> {
  const r = navigationRepository(db);
  for (const row of builtInNavigationRows(tenantId, () => newId())) await r.insertNavigation(row);
}
