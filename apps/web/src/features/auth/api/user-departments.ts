import {
  USER_DEPT_PATHS,
  type UserDeptItem,
  type UserDeptOptions,
  type UserDeptPage,
  type UserDeptSubmitRequest,
} from '@portal/contracts/user-departments';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userHttp } from '../../../lib/http/clients.ts';
import { authKeys } from './query-keys.ts';

/** Users' departments set by hand (configuration menu userDeptConfig, checked by the server on every call). */
export type UserDeptFilter = { current: number; size: number; keyword?: string; deptId?: string };

export const getUserDeptPage = (filter: UserDeptFilter) => userHttp.post<UserDeptPage>(USER_DEPT_PATHS.page, filter);
export const getUserDeptOptions = () => userHttp.post<UserDeptOptions>(USER_DEPT_PATHS.options, {});
export const submitUserDepts = (input: UserDeptSubmitRequest) =>
  userHttp.post<UserDeptItem>(USER_DEPT_PATHS.submit, input);

export const useUserDeptPage = (filter: UserDeptFilter) =>
  useQuery({
    queryKey: authKeys.userDeptPage(filter),
    queryFn: () => getUserDeptPage(filter),
    placeholderData: keepPreviousData,
  });
export const useUserDeptOptions = () => useQuery({ queryKey: authKeys.userDeptOptions(), queryFn: getUserDeptOptions });
export function useSubmitUserDepts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: submitUserDepts,
    onSuccess: () => qc.invalidateQueries({ queryKey: authKeys.userDepts() }),
  });
}
