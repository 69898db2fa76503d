import type { ReportConfig } from '@portal/contracts/efficiency';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './efficiency-call.ts';
import { efficiencyKeys } from './query-keys.ts';

/** POST efficiencyHomePage/getReportConfig: which blocks the page shows, and the tenant's time zone. */
export const getReportConfig = () => call<ReportConfig>('getReportConfig');
export const reportConfigQueryOptions = () =>
  queryOptions({ queryKey: efficiencyKeys.call('getReportConfig'), queryFn: getReportConfig });
export const useReportConfig = (enabled = true) => useQuery({ ...reportConfigQueryOptions(), enabled });
