import { USER_DEPT_PATHS, type UserDeptOptions } from '@portal/contracts/user-departments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { userHttp } from '../../../lib/http/clients.ts';
import { authKeys } from './query-keys.ts';

/** The departments a user can be placed in (用户部门配置's choices). */
export const getUserDeptOptions = () => userHttp.post<UserDeptOptions>(USER_DEPT_PATHS.options, {});
export const userDeptOptionsQueryOptions = () =>
  queryOptions({ queryKey: authKeys.userDeptOptions(), queryFn: getUserDeptOptions });
export const useUserDeptOptions = () => useQuery(userDeptOptionsQueryOptions());
