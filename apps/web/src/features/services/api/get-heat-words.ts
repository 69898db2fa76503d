import { queryOptions, useQuery } from '@tanstack/react-query';
import { workbenchHttp } from '../../../lib/http/clients.ts';
import { isLoggedIn, landingTenant } from '../lib/tenant.ts';
import { servicesKeys } from './query-keys.ts';

/** 7.5 searchHeatWord, or its nobody variant for visitors. */
export function getHeatWords(size = 8): Promise<string[]> {
  return isLoggedIn()
    ? workbenchHttp.post<string[]>('/searchHeatWord', { size })
    : workbenchHttp.post<string[]>('/nobody/searchHeatWord', { size, tenantId: landingTenant() });
}
export const heatWordsQueryOptions = (size = 8) =>
  queryOptions({ queryKey: servicesKeys.heatWords(size), queryFn: () => getHeatWords(size) });
export const useHeatWords = (size = 8) => useQuery(heatWordsQueryOptions(size));
