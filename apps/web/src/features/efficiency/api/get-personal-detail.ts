import type { PersonalNode } from '@portal/contracts/efficiency';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type Filter, type Page } from './efficiency-call.ts';
import { efficiencyKeys } from './query-keys.ts';

/** POST efficiencyHomePage/personalERDetail: a page of the caller's own steps. */
export const getPersonalDetail = (f: Filter & { current: number; size: number }) =>
  call<Page<PersonalNode>>('personalERDetail', {
    startDate: f.startDate,
    endDate: f.endDate,
    current: f.current,
    size: f.size,
  });
export const personalDetailQueryOptions = (f: Filter & { current: number; size: number }) =>
  queryOptions({ queryKey: efficiencyKeys.call('personalERDetail', f), queryFn: () => getPersonalDetail(f) });
export const usePersonalDetail = (f: Filter & { current: number; size: number }, enabled = true) =>
  useQuery({ ...personalDetailQueryOptions(f), enabled });
