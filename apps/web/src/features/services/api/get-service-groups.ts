import type { GroupKind, ServiceGroup } from '@portal/contracts/services';
import { platformHttp } from '../../../lib/http/clients.ts';
import { isLoggedIn, landingTenant } from '../lib/tenant.ts';

const PATH: Record<GroupKind, string> = {
  scene: '/serviceScene/listByUser',
  dept: '/serviceDept/listByUser',
  type: '/serviceType/listByUser',
};

/** 7.4 serviceScene / serviceDept / serviceType listByUser. */
export function getServiceGroups(kind: GroupKind, serviceType = ''): Promise<ServiceGroup[]> {
  return platformHttp.post<ServiceGroup[]>(PATH[kind], {
    serviceType: serviceType || undefined,
    ...(isLoggedIn() ? {} : { tenantId: landingTenant() }),
  });
}
