import { useQuery } from '@tanstack/react-query';
import type { Holiday } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';
import { workbenchKeys } from './query-keys.ts';

/** POST homePage/getHoliday: coming holidays with the days left. */
export const getHolidays = () => ospHttp.post<Holiday[]>('/homePage/getHoliday', {}, { silent: true });
export const holidaysQueryKey = workbenchKeys.holidays();
export const useHolidays = (enabled = true) =>
  useQuery({ queryKey: holidaysQueryKey, queryFn: getHolidays, enabled, retry: false });
