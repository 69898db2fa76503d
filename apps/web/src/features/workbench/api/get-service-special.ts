import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceSpecial } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';
import { workbenchKeys } from './query-keys.ts';

/** POST homePage/getServiceSpecial: the featured service special with its services, or null. */
export const getServiceSpecial = () =>
  ospHttp.post<ServiceSpecial | null>('/homePage/getServiceSpecial', {}, { silent: true });
export const serviceSpecialQueryKey = workbenchKeys.serviceSpecial();
export const serviceSpecialQueryOptions = () =>
  queryOptions({ queryKey: serviceSpecialQueryKey, queryFn: getServiceSpecial, retry: false });
export const useServiceSpecial = (enabled = true) => useQuery({ ...serviceSpecialQueryOptions(), enabled });
