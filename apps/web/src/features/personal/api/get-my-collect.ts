import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceItem } from '@portal/contracts/services';
import { platformHttp } from '../../../lib/http/clients.ts';
import { sharedQueryKeys } from '../../../lib/query-keys.ts';

/** 7.4 GET serverCenter/myCollect: the favourites in the user's order. */
export const getMyCollect = () => platformHttp.get<ServiceItem[]>('/serverCenter/myCollect');
export const getMyCollectQueryOptions = () =>
  queryOptions({ queryKey: sharedQueryKeys.favourites, queryFn: getMyCollect });
export const useMyCollect = () => useQuery(getMyCollectQueryOptions());
