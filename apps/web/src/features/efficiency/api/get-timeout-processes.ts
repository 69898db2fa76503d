import type { TimeoutProcess } from '@portal/contracts/efficiency';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type Filter, type Page } from './efficiency-call.ts';
import { efficiencyKeys } from './query-keys.ts';

/** POST efficiencyHomePage/timeoutProcess: a page of the processes over their time limit. */
export const getTimeoutProcesses = (f: Filter & { current: number; size: number }) =>
  call<Page<TimeoutProcess>>('timeoutProcess', f);
export const timeoutProcessesQueryOptions = (f: Filter & { current: number; size: number }) =>
  queryOptions({ queryKey: efficiencyKeys.call('timeoutProcess', f), queryFn: () => getTimeoutProcesses(f) });
export const useTimeoutProcesses = (f: Filter & { current: number; size: number }, enabled = true) =>
  useQuery({ ...timeoutProcessesQueryOptions(f), enabled });
