import { USER_DEPT_PATHS, type UserDeptItem, type UserDeptSubmitRequest } from '@portal/contracts/user-departments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userHttp } from '../../../lib/http/clients.ts';
import { authKeys } from './query-keys.ts';

/** A user's departments, set by hand; the users' pages and the department list read again. */
export const submitUserDepts = (input: UserDeptSubmitRequest) =>
  userHttp.post<UserDeptItem>(USER_DEPT_PATHS.submit, input);
export function useSubmitUserDepts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: submitUserDepts,
    onSuccess: () => qc.invalidateQueries({ queryKey: authKeys.userDepts() }),
  });
}
