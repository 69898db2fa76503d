import type { ServiceItem } from '@portal/contracts/services';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { sharedQueryKeys } from '../../../lib/query-keys.ts';

/** 7.4 GET serverCenter/myCollect: the favourites in the user's order. */
export function getMyCollect(): Promise<ServiceItem[]> {
  return platformHttp.get<ServiceItem[]>('/serverCenter/myCollect');
}
/** The shared favourites key: the personal center reads the same list under it, so both follow one change. */
export const myCollectQueryOptions = () =>
  queryOptions({ queryKey: sharedQueryKeys.favourites, queryFn: getMyCollect });
export const useMyCollect = () => useQuery(myCollectQueryOptions());
