import type { NavigationBarItem } from '@portal/contracts/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { cygjHttp } from '../../../lib/http/clients.ts';
import { servicesKeys } from './query-keys.ts';

/** 7.9 comb-cygj nobody/navigationBar/list. */
export function getNavigationBars(tenantId: string): Promise<NavigationBarItem[]> {
  return cygjHttp.post<NavigationBarItem[]>('/nobody/navigationBar/list', { tenantId });
}
export const navigationBarsQueryOptions = (tenantId: string) =>
  queryOptions({ queryKey: servicesKeys.navBars(tenantId), queryFn: () => getNavigationBars(tenantId) });
export const useNavigationBars = (tenantId: string) => useQuery(navigationBarsQueryOptions(tenantId));
