import type { GroupKind, ServiceGroupWithServices } from '@portal/contracts/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { servicesKeys } from './query-keys.ts';

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
export const servicesByTypeQueryOptions = (tenantId: string, groupBy: GroupKind, perGroup: number) =>
  queryOptions({
    queryKey: servicesKeys.landingGroups(tenantId, groupBy, perGroup),
    queryFn: () => queryAllServiceByType(tenantId, groupBy, perGroup),
  });
export const useServicesByType = (tenantId: string, groupBy: GroupKind, perGroup: number) =>
  useQuery(servicesByTypeQueryOptions(tenantId, groupBy, perGroup));
