import { useQuery } from '@tanstack/react-query';
import type { ServiceSpecialItem } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';
import { workbenchKeys } from './query-keys.ts';

/** POST indexservicespecialconfig/list: every service special, enabled or not, with its services in order (administration). */
export const getServiceSpecialConfigList = () =>
  ospHttp.post<ServiceSpecialItem[]>('/indexservicespecialconfig/list', {});
export const serviceSpecialConfigListQueryKey = workbenchKeys.serviceSpecialConfig();
export const useServiceSpecialConfigList = () =>
  useQuery({ queryKey: serviceSpecialConfigListQueryKey, queryFn: getServiceSpecialConfigList });
