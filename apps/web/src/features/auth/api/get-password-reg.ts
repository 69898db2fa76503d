import type { PasswordReg } from '@portal/contracts/auth';
import { workbenchHttp } from '../../../lib/http/clients.ts';

/** 7.3: POST eduSystemManagePwdConfig/getPasswordReg: the tenant's password rule. */
export function getPasswordReg(): Promise<PasswordReg> {
  return workbenchHttp.post<PasswordReg>('/eduSystemManagePwdConfig/getPasswordReg', {});
}
