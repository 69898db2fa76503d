import type { ServicePage, ServicePageRequest } from '@portal/contracts/services';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { isLoggedIn, landingTenant } from '../lib/tenant.ts';
import { servicesKeys } from './query-keys.ts';
import { searchService } from './search-service.ts';

export type ServicePageParams = Omit<ServicePageRequest, 'tenantId'>;

/** 7.4 serverCenter/page for users, nobody/serverCenter/page for visitors. */
export function getServicePage(params: ServicePageParams): Promise<ServicePage> {
  const body = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== '' && v !== undefined));
  return isLoggedIn()
    ? platformHttp.post<ServicePage>('/serverCenter/page', body)
    : platformHttp.post<ServicePage>('/nobody/serverCenter/page', { ...body, tenantId: landingTenant() });
}

/** The service hall's list: a search when there is a keyword, else a page of the filtered services. */
export type ServiceHallQuery = {
  serviceType: NonNullable<ServicePageParams['serviceType']>;
  keyword: string;
  filter: { deptId: string; sceneId: string; typeId: string };
  current: number;
  size: number;
};
export const serviceHallListQueryOptions = (q: ServiceHallQuery, loggedIn: boolean) =>
  queryOptions({
    queryKey: servicesKeys.list(q, loggedIn),
    queryFn: () =>
      q.keyword
        ? searchService({ keyword: q.keyword, current: q.current, size: q.size, serviceType: q.serviceType })
        : getServicePage({ ...q.filter, serviceType: q.serviceType, current: q.current, size: q.size }),
    placeholderData: keepPreviousData,
  });
export const useServiceHallList = (q: ServiceHallQuery, loggedIn: boolean) =>
  useQuery(serviceHallListQueryOptions(q, loggedIn));

/** The administration's icon list: a page of the services, by name. */
export const serviceIconAdminQueryOptions = (keyword: string, current: number, size: number) =>
  queryOptions({
    queryKey: servicesKeys.iconAdmin(keyword, current),
    queryFn: () => getServicePage({ current, size, keyword: keyword || undefined }),
    placeholderData: keepPreviousData,
  });
export const useServiceIconAdmin = (keyword: string, current: number, size: number) =>
  useQuery(serviceIconAdminQueryOptions(keyword, current, size));
