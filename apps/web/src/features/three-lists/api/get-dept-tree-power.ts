import type { DeptNodeT } from '@portal/contracts/transfer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { workbenchHttp } from '../../../lib/http/clients.ts';
import { threeListsKeys } from './query-keys.ts';

/** 7.7 getDeptTreePower: the departments whose duties the caller may maintain. */
export const getDeptTreePower = () => workbenchHttp.get<DeptNodeT[]>('/getDeptTreePower');
export const deptTreePowerQueryOptions = () =>
  queryOptions({ queryKey: threeListsKeys.deptTreePower(), queryFn: getDeptTreePower });
export const useDeptTreePower = () => useQuery(deptTreePowerQueryOptions());
