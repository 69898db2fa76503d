import type { ServiceCount } from '@portal/contracts/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { servicesKeys } from './query-keys.ts';

/** 7.2 GET nobody/prepareLogin/getStatisticData. */
export function getStatisticData(tenantId: string): Promise<ServiceCount> {
  return platformHttp.get<ServiceCount>('/nobody/prepareLogin/getStatisticData', { tenantId });
}
export const statisticDataQueryOptions = (tenantId: string) =>
  queryOptions({ queryKey: servicesKeys.statistic(tenantId), queryFn: () => getStatisticData(tenantId) });
export const useStatisticData = (tenantId: string) => useQuery(statisticDataQueryOptions(tenantId));
