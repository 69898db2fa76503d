import {
  CHANGE_PASSWORD_PATH,
  type ChangePasswordRequest,
  type ChangePasswordResult,
} from '@portal/contracts/password';
import { useMutation } from '@tanstack/react-query';
import { workbenchHttp } from '../../../lib/http/clients.ts';

/** The caller changes their password; their other sessions end. */
export const changePassword = (body: ChangePasswordRequest) =>
  workbenchHttp.post<ChangePasswordResult>(CHANGE_PASSWORD_PATH, body);
export const useChangePassword = () => useMutation({ mutationFn: changePassword });
