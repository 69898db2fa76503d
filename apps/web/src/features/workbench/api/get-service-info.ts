import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CardService } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';
import { workbenchKeys } from './query-keys.ts';

/** POST common/getServiceInfo: services by keyword, for any configuration page (service pickers). */
export const getServiceInfo = (keyword = '', size = 50) =>
  ospHttp.post<CardService[]>('/common/getServiceInfo', { keyword, size });
export const serviceInfoQueryKey = workbenchKeys.serviceInfo;
export const useServiceInfo = (keyword = '', enabled = true) =>
  useQuery({
    queryKey: serviceInfoQueryKey(keyword),
    queryFn: () => getServiceInfo(keyword),
    enabled,
    placeholderData: keepPreviousData,
  });
