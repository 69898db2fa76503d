import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MyRatesPage } from '@portal/contracts/services';
import { platformHttp } from '../../../lib/http/clients.ts';
import { personalKeys } from './query-keys.ts';

/** POST serverCenter/myRates: the user's own ratings, a page at a time (under the shared key rating refreshes). */
export const getMyRates = (current: number, size: number) =>
  platformHttp.post<MyRatesPage>('/serverCenter/myRates', { current, size });
export const getMyRatesQueryOptions = (current: number, size: number) =>
  queryOptions({
    queryKey: personalKeys.myRates(current, size),
    queryFn: () => getMyRates(current, size),
    placeholderData: keepPreviousData,
  });
export const useMyRates = (current: number, size = 5) => useQuery(getMyRatesQueryOptions(current, size));
