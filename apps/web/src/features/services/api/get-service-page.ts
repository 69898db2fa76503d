import type { ServicePage, ServicePageRequest } from '@portal/contracts/services';
import { platformHttp } from '../../../lib/http/clients.ts';
import { isLoggedIn, landingTenant } from '../lib/tenant.ts';

export type ServicePageParams = Omit<ServicePageRequest, 'tenantId'>;

/** 7.4 serverCenter/page for users, nobody/serverCenter/page for visitors. */
export function getServicePage(params: ServicePageParams): Promise<ServicePage> {
  const body = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== '' && v !== undefined));
  return isLoggedIn()
    ? platformHttp.post<ServicePage>('/serverCenter/page', body)
    : platformHttp.post<ServicePage>('/nobody/serverCenter/page', { ...body, tenantId: landingTenant() });
}
