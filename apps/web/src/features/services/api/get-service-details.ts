import type { ServiceDetail } from '@portal/contracts/services';
import { platformHttp } from '../../../lib/http/clients.ts';
import { isLoggedIn, landingTenant } from '../lib/tenant.ts';

/** 4.4: "Logged-in users use service details; anonymous users use custom details." */
export function getServiceDetails(serviceId: string): Promise<ServiceDetail> {
  return isLoggedIn()
    ? platformHttp.post<ServiceDetail>('/serverCenter/details', { serviceId })
    : platformHttp.post<ServiceDetail>('/serverCenter/customDetails', { serviceId, tenantId: landingTenant() });
}
