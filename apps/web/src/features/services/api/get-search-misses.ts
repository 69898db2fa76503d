import type { SearchMissPage, SearchMissPageRequest } from '@portal/contracts/services';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { platformHttp } from '../../../lib/http/clients.ts';
import { servicesKeys } from './query-keys.ts';

export type SearchMissParams = { current: number; size: number };

/** POST serverCenter/searchMiss/page (administrator): searches that found nothing, most misses first. */
export function getSearchMisses(params: SearchMissParams): Promise<SearchMissPage> {
  const body: SearchMissPageRequest = params;
  return platformHttp.post<SearchMissPage>('/serverCenter/searchMiss/page', body, { silent: true });
}

export const getSearchMissesQueryOptions = (params: SearchMissParams) =>
  queryOptions({
    queryKey: servicesKeys.searchMisses(params.current, params.size),
    queryFn: () => getSearchMisses(params),
    placeholderData: keepPreviousData,
  });
export const useSearchMisses = (params: SearchMissParams) => useQuery(getSearchMissesQueryOptions(params));
