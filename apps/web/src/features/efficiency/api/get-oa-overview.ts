import type { OaOverview } from '@portal/contracts/efficiency';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type Filter } from './efficiency-call.ts';
import { efficiencyKeys } from './query-keys.ts';

/** POST efficiencyHomePage/OAOverview: the office to-do items of the workbench, by flow type. */
export const getOaOverview = (f: Filter) => call<OaOverview>('OAOverview', f);
export const oaOverviewQueryOptions = (f: Filter) =>
  queryOptions({ queryKey: efficiencyKeys.call('OAOverview', f), queryFn: () => getOaOverview(f) });
export const useOaOverview = (f: Filter, enabled = true) => useQuery({ ...oaOverviewQueryOptions(f), enabled });
