import { useQuery } from '@tanstack/react-query';
import type { NavigationItem } from '@portal/contracts/workbench';
import { ospHttp } from '../../../lib/http/clients.ts';
import { workbenchKeys } from './query-keys.ts';

/** POST indexnavigationconfig/list: every navigation item (administration). */
export const getNavigationList = () => ospHttp.post<NavigationItem[]>('/indexnavigationconfig/list', {});
export const navigationListQueryKey = workbenchKeys.navigation();
export const useNavigationList = () => useQuery({ queryKey: navigationListQueryKey, queryFn: getNavigationList });
