import type { FilterNodeT } from '@portal/contracts/efficiency';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './efficiency-call.ts';
import { efficiencyKeys } from './query-keys.ts';

/** POST efficiencyHomePage/sceneTree: the scenes the filter offers. */
export const getSceneTree = () => call<FilterNodeT[]>('sceneTree');
export const sceneTreeQueryOptions = () =>
  queryOptions({ queryKey: efficiencyKeys.call('sceneTree'), queryFn: getSceneTree, staleTime: 5 * 60_000 });
export const useSceneTree = (enabled = true) => useQuery({ ...sceneTreeQueryOptions(), enabled });
