import type { LikeItem } from '@portal/contracts/efficiency';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type Filter } from './efficiency-call.ts';
import { efficiencyKeys } from './query-keys.ts';

/** POST efficiencyHomePage/topLikesBoard: the best rated services. */
export const getLikes = (f: Filter & { limit: number }) => call<LikeItem[]>('topLikesBoard', f);
export const likesQueryOptions = (f: Filter & { limit: number }) =>
  queryOptions({ queryKey: efficiencyKeys.call('topLikesBoard', f), queryFn: () => getLikes(f) });
export const useLikes = (f: Filter & { limit: number }, enabled = true) =>
  useQuery({ ...likesQueryOptions(f), enabled });
