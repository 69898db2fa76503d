import { useQuery } from '@tanstack/react-query';
import type { NavigationItem } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';
import { workbenchKeys } from './query-keys.ts';

/** POST homePage/getTopMenu: enabled navigation items of the top bar. */
export const getTopMenu = () =>
  ospHttp.post<{ navigation: NavigationItem[] }>('/homePage/getTopMenu', {}, { silent: true });
export const topMenuQueryKey = workbenchKeys.topMenu();
export const useTopMenu = (enabled: boolean) =>
  useQuery({ queryKey: topMenuQueryKey, queryFn: getTopMenu, enabled, retry: false });
