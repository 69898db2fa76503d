import {
  CHANGE_PASSWORD_INFO_PATH,
  CHANGE_PASSWORD_PATH,
  type ChangePasswordInfo,
  type ChangePasswordRequest,
  type ChangePasswordResult,
} from '@portal/contracts/password';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { workbenchHttp } from '../../../lib/http/clients.ts';
import { personalKeys } from './query-keys.ts';

/** Whether the caller may change their password here, and the tenant's rule (getPasswordReg's and the lengths). */
export const getChangePasswordInfo = () => workbenchHttp.post<ChangePasswordInfo>(CHANGE_PASSWORD_INFO_PATH, {});
export const changePasswordInfoQueryOptions = () =>
  queryOptions({ queryKey: personalKeys.changePasswordInfo(), queryFn: getChangePasswordInfo, staleTime: 60_000 });
export const useChangePasswordInfo = () => useQuery(changePasswordInfoQueryOptions());

/** The caller changes their password; their other sessions end. */
export const changePassword = (body: ChangePasswordRequest) =>
  workbenchHttp.post<ChangePasswordResult>(CHANGE_PASSWORD_PATH, body);
export const useChangePassword = () => useMutation({ mutationFn: changePassword });
