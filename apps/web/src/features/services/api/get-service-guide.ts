import type { ServiceGuide } from '@portal/contracts/services';
import { workbenchHttp } from '../../../lib/http/clients.ts';
import { isLoggedIn, landingTenant } from '../lib/tenant.ts';

/** 7.5 guide/clientGuideInfo, or nobody/guide/clientGuideInfo for visitors. */
export function getServiceGuide(serviceId: string): Promise<ServiceGuide> {
  return isLoggedIn()
    ? workbenchHttp.post<ServiceGuide>('/guide/clientGuideInfo', { serviceId })
    : workbenchHttp.post<ServiceGuide>('/nobody/guide/clientGuideInfo', { serviceId, tenantId: landingTenant() });
}
