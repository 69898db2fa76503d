import type { PersonalReport } from '@portal/contracts/efficiency';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, type Filter } from './efficiency-call.ts';
import { efficiencyKeys } from './query-keys.ts';

/** POST efficiencyHomePage/personalEfficiencyReport: the caller's own figures (the range only). */
export const getPersonalReport = (f: Filter) =>
  call<PersonalReport>('personalEfficiencyReport', { startDate: f.startDate, endDate: f.endDate });
export const personalReportQueryOptions = (f: Filter) =>
  queryOptions({ queryKey: efficiencyKeys.call('personalEfficiencyReport', f), queryFn: () => getPersonalReport(f) });
export const usePersonalReport = (f: Filter, enabled = true) => useQuery({ ...personalReportQueryOptions(f), enabled });
