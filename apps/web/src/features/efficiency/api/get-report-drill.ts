import type { ReportDrill } from '@portal/contracts/efficiency';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type Filter } from './efficiency-call.ts';
import { efficiencyKeys } from './query-keys.ts';

/** POST efficiencyHomePage/reportTableDrill: one department of the report, by process and by handler. */
export const getReportDrill = (f: Filter & { deptId: string }) => call<ReportDrill>('reportTableDrill', f);
export const reportDrillQueryOptions = (f: Filter & { deptId: string }) =>
  queryOptions({ queryKey: efficiencyKeys.call('reportTableDrill', f), queryFn: () => getReportDrill(f) });
export const useReportDrill = (f: Filter & { deptId: string }, enabled = true) =>
  useQuery({ ...reportDrillQueryOptions(f), enabled });
