import type { ServicePage } from '@portal/contracts/services';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { isLoggedIn, landingTenant } from '../lib/tenant.ts';
import { servicesKeys } from './query-keys.ts';

export type SearchParams = { keyword: string; current?: number; size?: number; serviceType?: string };

/** 7.4 serverCenter/searchService for users, 7.2 nobody/prepareLogin/searchService for visitors (section 6). */
export function searchService(params: SearchParams): Promise<ServicePage> {
  const body = { ...params, serviceType: params.serviceType || undefined };
  return isLoggedIn()
    ? platformHttp.post<ServicePage>('/serverCenter/searchService', body)
    : platformHttp.post<ServicePage>('/nobody/prepareLogin/searchService', { ...body, tenantId: landingTenant() });
}

/** The landing page's search results; `tenantId` and `loggedIn` pick the cache entry (visitor's or user's answer). */
export const searchServiceQueryOptions = (params: SearchParams, tenantId: string, loggedIn: boolean) =>
  queryOptions({
    queryKey: servicesKeys.search(params, tenantId, loggedIn),
    queryFn: () => searchService(params),
    enabled: !!params.keyword,
    placeholderData: keepPreviousData,
  });
export const useSearchService = (params: SearchParams, tenantId: string, loggedIn: boolean) =>
  useQuery(searchServiceQueryOptions(params, tenantId, loggedIn));
