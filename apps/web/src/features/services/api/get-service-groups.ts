import type { GroupKind, ServiceGroup } from '@portal/contracts/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { isLoggedIn, landingTenant } from '../lib/tenant.ts';
import { servicesKeys } from './query-keys.ts';

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

/** The groups of every kind asked for, in one query (the service hall's filters). */
export const serviceGroupsQueryOptions = (kinds: readonly GroupKind[], serviceType: string, loggedIn: boolean) =>
  queryOptions({
    queryKey: servicesKeys.groups(serviceType, loggedIn),
    queryFn: async () =>
      Object.fromEntries(
        await Promise.all(kinds.map(async (k) => [k, await getServiceGroups(k, serviceType)] as const)),
      ) as Record<GroupKind, ServiceGroup[]>,
  });
export const useServiceGroups = (kinds: readonly GroupKind[], serviceType: string, loggedIn: boolean) =>
  useQuery(serviceGroupsQueryOptions(kinds, serviceType, loggedIn));
