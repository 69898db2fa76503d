import type { TokenResult } from '@portal/contracts/auth';
import { REFRESH_COOKIE_HEADER } from '@portal/contracts/constants';
import type { CallOptions } from '../../../lib/http/client.ts';
import { authHttp } from '../../../lib/http/clients.ts';

/** Account and password checked by the school's directory (LDAP). */
export function ldapLogin(
  values: { tenantId: string; username: string; password: string },
  opts: CallOptions = {},
): Promise<TokenResult> {
  return authHttp.post<TokenResult>(
    '/nobody/identity/ldap/login',
    { tenantId: values.tenantId.trim(), username: values.username.trim(), password: values.password },
    { ...opts, headers: { 'Tenant-Id': values.tenantId.trim(), [REFRESH_COOKIE_HEADER]: '1', ...opts.headers } },
  );
}
