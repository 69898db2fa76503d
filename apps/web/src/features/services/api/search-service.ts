import type { ServicePage } from '@portal/contracts/services';
import { platformHttp } from '../../../lib/http/clients.ts';
import { isLoggedIn, landingTenant } from '../lib/tenant.ts';

export type SearchParams = { keyword: string; current?: number; size?: number; serviceType?: string };

/** 7.4 serverCenter/searchService for users, 7.2 nobody/prepareLogin/searchService for visitors (section 6). */
export function searchService(params: SearchParams): Promise<ServicePage> {
  const body = { ...params, serviceType: params.serviceType || undefined };
  return isLoggedIn()
    ? platformHttp.post<ServicePage>('/serverCenter/searchService', body)
    : platformHttp.post<ServicePage>('/nobody/prepareLogin/searchService', { ...body, tenantId: landingTenant() });
}
