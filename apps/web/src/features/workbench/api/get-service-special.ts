import { useQuery } from '@tanstack/react-query';
import type { ServiceSpecial } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';
import { workbenchKeys } from './query-keys.ts';

/** POST homePage/getServiceSpecial: the featured service special with its services, or null. */
export const getServiceSpecial = () =>
  ospHttp.post<ServiceSpecial | null>('/homePage/getServiceSpecial', {}, { silent: true });
export const serviceSpecialQueryKey = workbenchKeys.serviceSpecial();
export const useServiceSpecial = (enabled = true) =>
  useQuery({ queryKey: serviceSpecialQueryKey, queryFn: getServiceSpecial, enabled, retry: false });

/** POST homePage/getServiceSpecialList: every service special with its services. */
export const getServiceSpecialList = () => ospHttp.post<ServiceSpecial[]>('/homePage/getServiceSpecialList', {});
export const serviceSpecialListQueryKey = workbenchKeys.serviceSpecialList();
export const useServiceSpecialList = (enabled: boolean) =>
  useQuery({ queryKey: serviceSpecialListQueryKey, queryFn: getServiceSpecialList, enabled, retry: false });
