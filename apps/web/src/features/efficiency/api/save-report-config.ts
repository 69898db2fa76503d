import type { ReportConfig } from '@portal/contracts/efficiency';
import { call } from './efficiency-call.ts';

/** POST efficiencyHomePage/saveReportConfig: the blocks shown and the tenant's time zone. */
export const saveReportConfig = (c: ReportConfig) => call<null>('saveReportConfig', c);
