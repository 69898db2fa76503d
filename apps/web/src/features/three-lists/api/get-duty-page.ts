import type { Duty } from '@portal/contracts/transfer';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { workbenchHttp } from '../../../lib/http/clients.ts';
import { threeListsKeys, type Page } from './query-keys.ts';

export type DutyPageQuery = { current: number; size: number; deptId?: string | null; dutyName?: string | null };

/** 7.7 ospDeptDutyListConfig/page: the duties the administration page lists. */
export const getDutyPage = (q: DutyPageQuery) => workbenchHttp.post<Page<Duty>>('/ospDeptDutyListConfig/page', q);
export const dutyPageQueryOptions = (q: DutyPageQuery) =>
  queryOptions({ queryKey: threeListsKeys.dutyPage(q), queryFn: () => getDutyPage(q) });
export const useDutyPage = (q: DutyPageQuery) => useQuery(dutyPageQueryOptions(q));
