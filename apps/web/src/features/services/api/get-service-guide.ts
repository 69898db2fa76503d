import type { ServiceGuide } from '@portal/contracts/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { workbenchHttp } from '../../../lib/http/clients.ts';
import { isLoggedIn, landingTenant } from '../lib/tenant.ts';
import { servicesKeys } from './query-keys.ts';

/** 7.5 guide/clientGuideInfo, or nobody/guide/clientGuideInfo for visitors. */
export function getServiceGuide(serviceId: string): Promise<ServiceGuide> {
  return isLoggedIn()
    ? workbenchHttp.post<ServiceGuide>('/guide/clientGuideInfo', { serviceId })
    : workbenchHttp.post<ServiceGuide>('/nobody/guide/clientGuideInfo', { serviceId, tenantId: landingTenant() });
}
export const serviceGuideQueryOptions = (serviceId: string) =>
  queryOptions({ queryKey: servicesKeys.guide(serviceId), queryFn: () => getServiceGuide(serviceId), retry: false });
export const useServiceGuide = (serviceId: string | undefined) =>
  useQuery({ ...serviceGuideQueryOptions(serviceId ?? ''), enabled: !!serviceId });
