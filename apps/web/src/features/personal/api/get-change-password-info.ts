import { CHANGE_PASSWORD_INFO_PATH, type ChangePasswordInfo } from '@portal/contracts/password';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { workbenchHttp } from '../../../lib/http/clients.ts';
import { personalKeys } from './query-keys.ts';

/** Whether the caller may change their password here, and the tenant's rule (getPasswordReg's and the lengths). */
export const getChangePasswordInfo = () => workbenchHttp.post<ChangePasswordInfo>(CHANGE_PASSWORD_INFO_PATH, {});
export const changePasswordInfoQueryOptions = () =>
  queryOptions({ queryKey: personalKeys.changePasswordInfo(), queryFn: getChangePasswordInfo, staleTime: 60_000 });
export const useChangePasswordInfo = () => useQuery(changePasswordInfoQueryOptions());
