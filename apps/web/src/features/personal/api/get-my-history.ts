import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MyRatesPage, RecentService } from '@portal/contracts/services';
import { platformHttp } from '../../../lib/http/clients.ts';
import { sharedQueryKeys } from '../../../lib/query-keys.ts';
import { personalKeys } from './query-keys.ts';

/** POST serverCenter/myRecent: the services the user opened lately, latest first. */
export const getMyRecent = (size: number) => platformHttp.post<RecentService[]>('/serverCenter/myRecent', { size });
export const getMyRecentQueryOptions = (size: number) =>
  queryOptions({ queryKey: personalKeys.myRecent(size), queryFn: () => getMyRecent(size) });
export const useMyRecent = (size = 8) => useQuery(getMyRecentQueryOptions(size));

/** POST serverCenter/myRates: the user's own ratings, a page at a time. */
export const getMyRates = (current: number, size: number) =>
  platformHttp.post<MyRatesPage>('/serverCenter/myRates', { current, size });
export const getMyRatesQueryOptions = (current: number, size: number) =>
  queryOptions({
    queryKey: [...sharedQueryKeys.ownRatings, current, size],
    queryFn: () => getMyRates(current, size),
    placeholderData: keepPreviousData,
  });
export const useMyRates = (current: number, size = 5) => useQuery(getMyRatesQueryOptions(current, size));
