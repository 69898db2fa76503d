import type { ExistReport } from '@portal/contracts/efficiency';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './efficiency-call.ts';
import { efficiencyKeys } from './query-keys.ts';

/** POST efficiencyHomePage/existReport: whether the caller may see the report-wide views, and whether there is data. */
export const getExistReport = () => call<ExistReport>('existReport');
export const existReportQueryOptions = () =>
  queryOptions({ queryKey: efficiencyKeys.call('existReport'), queryFn: getExistReport });
export const useExistReport = (enabled = true) => useQuery({ ...existReportQueryOptions(), enabled });
