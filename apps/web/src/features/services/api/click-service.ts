import { platformHttp } from '../../../lib/http/clients.ts';
import { isLoggedIn, landingTenant } from '../lib/tenant.ts';

/** 7.4 userClickVisitLog/clickService (payload: serviceId). */
export function clickService(serviceId: string): Promise<{ visitCount: number }> {
  return platformHttp.post(
    '/userClickVisitLog/clickService',
    isLoggedIn() ? { serviceId } : { serviceId, tenantId: landingTenant() },
    { silent: true },
  );
}
