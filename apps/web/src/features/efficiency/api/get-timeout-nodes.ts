import type { TimeoutNode } from '@portal/contracts/efficiency';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type Filter } from './efficiency-call.ts';
import { efficiencyKeys } from './query-keys.ts';

/** POST efficiencyHomePage/timeoutNode: the steps most often over their time limit. */
export const getTimeoutNodes = (f: Filter & { limit: number }) => call<TimeoutNode[]>('timeoutNode', f);
export const timeoutNodesQueryOptions = (f: Filter & { limit: number }) =>
  queryOptions({ queryKey: efficiencyKeys.call('timeoutNode', f), queryFn: () => getTimeoutNodes(f) });
export const useTimeoutNodes = (f: Filter & { limit: number }, enabled = true) =>
  useQuery({ ...timeoutNodesQueryOptions(f), enabled });
