import type { FilterNodeT } from '@portal/contracts/efficiency';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './efficiency-call.ts';
import { efficiencyKeys } from './query-keys.ts';

/** POST efficiencyHomePage/deptTree: the departments the filter offers. */
export const getDeptTree = () => call<FilterNodeT[]>('deptTree');
export const deptTreeQueryOptions = () =>
  queryOptions({ queryKey: efficiencyKeys.call('deptTree'), queryFn: getDeptTree, staleTime: 5 * 60_000 });
export const useDeptTree = (enabled = true) => useQuery({ ...deptTreeQueryOptions(), enabled });
