import type { Granularity, Trend } from '@portal/contracts/efficiency';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type Filter } from './efficiency-call.ts';
import { efficiencyKeys } from './query-keys.ts';

/** POST efficiencyHomePage/processTrending: processes started and finished per day, week or month. */
export const getTrend = (f: Filter & { granularity: Granularity }) => call<Trend>('processTrending', f);
export const trendQueryOptions = (f: Filter & { granularity: Granularity }) =>
  queryOptions({ queryKey: efficiencyKeys.call('processTrending', f), queryFn: () => getTrend(f) });
export const useTrend = (f: Filter & { granularity: Granularity }, enabled = true) =>
  useQuery({ ...trendQueryOptions(f), enabled });
