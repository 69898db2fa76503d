import { USER_DEPT_PATHS, type UserDeptPage } from '@portal/contracts/user-departments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { userHttp } from '../../../lib/http/clients.ts';
import { authKeys } from './query-keys.ts';

/** Users' departments set by hand (configuration menu userDeptConfig, checked by the server on every call). */
export type UserDeptFilter = { current: number; size: number; keyword?: string; deptId?: string };

export const getUserDeptPage = (filter: UserDeptFilter) => userHttp.post<UserDeptPage>(USER_DEPT_PATHS.page, filter);
export const userDeptPageQueryOptions = (filter: UserDeptFilter) =>
  queryOptions({
    queryKey: authKeys.userDeptPage(filter),
    queryFn: () => getUserDeptPage(filter),
    placeholderData: keepPreviousData,
  });
export const useUserDeptPage = (filter: UserDeptFilter) => useQuery(userDeptPageQueryOptions(filter));
