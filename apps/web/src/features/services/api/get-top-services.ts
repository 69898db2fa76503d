import type { ServiceItem } from '@portal/contracts/services';
import { platformHttp } from '../../../lib/http/clients.ts';
import { isLoggedIn, landingTenant } from '../lib/tenant.ts';

/** 7.4 OSP/heatService and NewlyLaunched, each with its nobody variant for visitors. */
export function getTopServices(kind: 'heat' | 'newly', size: number, serviceType = ''): Promise<ServiceItem[]> {
  const path = kind === 'heat' ? '/serverCenter/OSP/heatService' : '/serverCenter/NewlyLaunched';
  const body = { size, serviceType: serviceType || undefined };
  return isLoggedIn()
    ? platformHttp.post<ServiceItem[]>(path, body)
    : platformHttp.post<ServiceItem[]>(`/nobody${path}`, { ...body, tenantId: landingTenant() });
}
