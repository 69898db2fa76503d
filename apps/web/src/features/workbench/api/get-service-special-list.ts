import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceSpecial } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';
import { workbenchKeys } from './query-keys.ts';

/** POST homePage/getServiceSpecialList: every service special with its services. */
export const getServiceSpecialList = () => ospHttp.post<ServiceSpecial[]>('/homePage/getServiceSpecialList', {});
export const serviceSpecialListQueryKey = workbenchKeys.serviceSpecialList();
export const serviceSpecialListQueryOptions = () =>
  queryOptions({ queryKey: serviceSpecialListQueryKey, queryFn: getServiceSpecialList, retry: false });
export const useServiceSpecialList = (enabled: boolean) => useQuery({ ...serviceSpecialListQueryOptions(), enabled });
