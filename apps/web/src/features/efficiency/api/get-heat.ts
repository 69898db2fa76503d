import type { HeatItem } from '@portal/contracts/efficiency';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type Filter } from './efficiency-call.ts';
import { efficiencyKeys } from './query-keys.ts';

/** POST efficiencyHomePage/serviceHeatRate: the most visited services. */
export const getHeat = (f: Filter & { limit: number }) => call<HeatItem[]>('serviceHeatRate', f);
export const heatQueryOptions = (f: Filter & { limit: number }) =>
  queryOptions({ queryKey: efficiencyKeys.call('serviceHeatRate', f), queryFn: () => getHeat(f) });
export const useHeat = (f: Filter & { limit: number }, enabled = true) => useQuery({ ...heatQueryOptions(f), enabled });
