import type { DeptInfo } from '@portal/contracts/transfer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { workbenchHttp } from '../../../lib/http/clients.ts';
import { threeListsKeys } from './query-keys.ts';

/** 7.7 ospDeptInfo/noSetDutyDept: departments without any duty yet. */
export const getNoSetDutyDepts = () => workbenchHttp.post<DeptInfo[]>('/ospDeptInfo/noSetDutyDept', {});
export const noSetDutyDeptsQueryOptions = () =>
  queryOptions({ queryKey: threeListsKeys.noDutyDepts(), queryFn: getNoSetDutyDepts });
export const useNoSetDutyDepts = () => useQuery(noSetDutyDeptsQueryOptions());
