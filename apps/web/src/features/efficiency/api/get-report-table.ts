import type { ReportTable } from '@portal/contracts/efficiency';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type Filter } from './efficiency-call.ts';
import { efficiencyKeys } from './query-keys.ts';

/** POST efficiencyHomePage/reportTable: the report by department. */
export const getReportTable = (f: Filter) => call<ReportTable>('reportTable', f);
export const reportTableQueryOptions = (f: Filter) =>
  queryOptions({ queryKey: efficiencyKeys.call('reportTable', f), queryFn: () => getReportTable(f) });
export const useReportTable = (f: Filter, enabled = true) => useQuery({ ...reportTableQueryOptions(f), enabled });
