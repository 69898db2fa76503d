import { useQuery } from '@tanstack/react-query';
import type { HolidayItem } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';
import { workbenchKeys } from './query-keys.ts';

/** POST indexholidayconfig/list: every holiday of the home page greeting, past ones included (administration). */
export const getHolidayConfigList = () => ospHttp.post<HolidayItem[]>('/indexholidayconfig/list', {});
export const holidayConfigListQueryKey = workbenchKeys.holidayConfig();
export const useHolidayConfigList = () =>
  useQuery({ queryKey: holidayConfigListQueryKey, queryFn: getHolidayConfigList });
