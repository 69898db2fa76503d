import type { TokenResult } from '@portal/contracts/auth';
import { REFRESH_COOKIE_HEADER } from '@portal/contracts/constants';
import type { CallOptions } from '../../../lib/http/client.ts';
import { authHttp } from '../../../lib/http/clients.ts';

/** POST /api/blade-auth/oauth/token with grant_type=password (fields as a form). */
export function login(
  values: { tenantId: string; username: string; password: string },
  opts: CallOptions = {},
): Promise<TokenResult> {
  return authHttp.post<TokenResult>(
    '/oauth/token',
    {
      grant_type: 'password',
      scope: 'all',
      tenantId: values.tenantId.trim(),
      username: values.username.trim(),
      password: values.password,
    },
    {
      ...opts,
      form: true,
      headers: { 'Tenant-Id': values.tenantId.trim(), [REFRESH_COOKIE_HEADER]: '1', ...opts.headers },
    },
  );
}
