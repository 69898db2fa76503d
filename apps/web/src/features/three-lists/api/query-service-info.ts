import type { ServiceInfo } from '@portal/contracts/transfer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { workbenchHttp } from '../../../lib/http/clients.ts';
import { threeListsKeys, type Page } from './query-keys.ts';

/** 7.7 ospDeptInfo/queryServiceInfo: services a duty can be tied to (the first 100, by name). */
export const queryServiceInfo = (serviceName?: string) =>
  workbenchHttp.post<Page<ServiceInfo>>('/ospDeptInfo/queryServiceInfo', { current: 1, size: 100, serviceName });
export const serviceInfoQueryOptions = (serviceName?: string) =>
  queryOptions({ queryKey: threeListsKeys.serviceInfo(serviceName), queryFn: () => queryServiceInfo(serviceName) });
export const useServiceInfo = (enabled: boolean) => useQuery({ ...serviceInfoQueryOptions(), enabled });
