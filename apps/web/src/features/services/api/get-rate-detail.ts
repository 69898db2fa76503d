import type { ServiceRateDetail } from '@portal/contracts/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { workbenchHttp } from '../../../lib/http/clients.ts';
import { isLoggedIn, landingTenant } from '../lib/tenant.ts';
import { servicesKeys } from './query-keys.ts';

/** 7.5 nobody/serverCenter/serviceRateDetail: average, distribution, labels and comments of a service's ratings. */
export function getRateDetail(serviceId: string, current = 1, size = 5): Promise<ServiceRateDetail> {
  return workbenchHttp.post<ServiceRateDetail>('/nobody/serverCenter/serviceRateDetail', {
    serviceId,
    current,
    size,
    ...(isLoggedIn() ? {} : { tenantId: landingTenant() }),
  });
}

export const rateDetailQueryOptions = (serviceId: string, current: number) =>
  queryOptions({
    queryKey: servicesKeys.rateDetail(serviceId, current),
    queryFn: () => getRateDetail(serviceId, current),
  });

export const useRateDetail = (serviceId: string | null, current: number) =>
  useQuery({ ...rateDetailQueryOptions(serviceId ?? '', current), enabled: !!serviceId });
