import type { Overview } from '@portal/contracts/efficiency';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type Filter } from './efficiency-call.ts';
import { efficiencyKeys } from './query-keys.ts';

/** POST efficiencyHomePage/overView: the headline figures of the range. */
export const getOverview = (f: Filter) => call<Overview>('overView', f);
export const overviewQueryOptions = (f: Filter) =>
  queryOptions({ queryKey: efficiencyKeys.call('overView', f), queryFn: () => getOverview(f) });
export const useOverview = (f: Filter, enabled = true) => useQuery({ ...overviewQueryOptions(f), enabled });
