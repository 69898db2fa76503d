import { useQuery } from '@tanstack/react-query';
import type { CardService } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';
import { workbenchKeys } from './query-keys.ts';

/** POST cardcolumnconfig/getServiceList: services to choose for a card. */
export const getServiceList = (keyword = '', size = 200) =>
  ospHttp.post<CardService[]>('/cardcolumnconfig/getServiceList', { keyword, size });
export const useServiceList = (keyword = '') =>
  useQuery({ queryKey: workbenchKeys.serviceList(keyword), queryFn: () => getServiceList(keyword) });
