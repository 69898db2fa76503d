import type { GroupKind, ServiceGroupWithServices } from '@portal/contracts/services';
import { platformHttp } from '../../../lib/http/clients.ts';

/** 7.2 POST nobody/prepareLogin/queryAllServiceByType: every scene, department or type with its first services. */
export function queryAllServiceByType(
  tenantId: string,
  groupBy: GroupKind,
  perGroup = 6,
): Promise<ServiceGroupWithServices[]> {
  return platformHttp.post<ServiceGroupWithServices[]>('/nobody/prepareLogin/queryAllServiceByType', {
    tenantId,
    groupBy,
    perGroup,
  });
}
