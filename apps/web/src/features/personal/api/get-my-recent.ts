import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecentService } from '@portal/contracts/services';
import { platformHttp } from '../../../lib/http/clients.ts';
import { personalKeys } from './query-keys.ts';

/** POST serverCenter/myRecent: the services the user opened lately, latest first. */
export const getMyRecent = (size: number) => platformHttp.post<RecentService[]>('/serverCenter/myRecent', { size });
export const getMyRecentQueryOptions = (size: number) =>
  queryOptions({ queryKey: personalKeys.myRecent(size), queryFn: () => getMyRecent(size) });
export const useMyRecent = (size = 8) => useQuery(getMyRecentQueryOptions(size));
