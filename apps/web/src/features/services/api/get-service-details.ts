import type { ServiceDetail } from '@portal/contracts/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { isLoggedIn, landingTenant } from '../lib/tenant.ts';
import { servicesKeys } from './query-keys.ts';

/** 4.4: "Logged-in users use service details; anonymous users use custom details." */
export function getServiceDetails(serviceId: string): Promise<ServiceDetail> {
  return isLoggedIn()
    ? platformHttp.post<ServiceDetail>('/serverCenter/details', { serviceId })
    : platformHttp.post<ServiceDetail>('/serverCenter/customDetails', { serviceId, tenantId: landingTenant() });
}
export const serviceDetailsQueryOptions = (serviceId: string) =>
  queryOptions({
    queryKey: servicesKeys.details(serviceId),
    queryFn: () => getServiceDetails(serviceId),
    retry: false,
  });
export const useServiceDetails = (serviceId: string) =>
  useQuery({ ...serviceDetailsQueryOptions(serviceId), enabled: !!serviceId });
