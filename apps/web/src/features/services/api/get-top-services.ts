import type { ServiceItem } from '@portal/contracts/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { isLoggedIn, landingTenant } from '../lib/tenant.ts';
import { servicesKeys } from './query-keys.ts';

/** 7.4 OSP/heatService and NewlyLaunched, each with its nobody variant for visitors. */
export function getTopServices(kind: 'heat' | 'newly', size: number, serviceType = ''): Promise<ServiceItem[]> {
  const path = kind === 'heat' ? '/serverCenter/OSP/heatService' : '/serverCenter/NewlyLaunched';
  const body = { size, serviceType: serviceType || undefined };
  return isLoggedIn()
    ? platformHttp.post<ServiceItem[]>(path, body)
    : platformHttp.post<ServiceItem[]>(`/nobody${path}`, { ...body, tenantId: landingTenant() });
}
export const topServicesQueryOptions = (kind: 'heat' | 'newly', size: number, tenantId: string, loggedIn: boolean) =>
  queryOptions({
    queryKey: servicesKeys.top(kind, size, tenantId, loggedIn),
    queryFn: () => getTopServices(kind, size),
  });
/** `tenantId` and `loggedIn` pick the cache entry: the answer is the visitor's or the user's (isLoggedIn). */
export const useTopServices = (
  kind: 'heat' | 'newly',
  size: number,
  tenantId: string,
  loggedIn: boolean,
  enabled = true,
) => useQuery({ ...topServicesQueryOptions(kind, size, tenantId, loggedIn), enabled });
