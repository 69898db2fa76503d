import type { TokenResult } from '@portal/contracts/auth';
import { REFRESH_COOKIE_HEADER } from '@portal/contracts/constants';
import type { CallOptions } from '../../../lib/http/client.ts';
import { authHttp } from '../../../lib/http/clients.ts';

/** The login page exchanges the one-time code of a finished school sign-in (same browser) for the portal's tokens. */
export function exchangeSignIn(
  tenantId: string,
  code: string,
  opts: CallOptions = {},
): Promise<TokenResult & { redirect: string }> {
  return authHttp.post<TokenResult & { redirect: string }>(
    '/nobody/identity/exchange',
    { tenantId, code },
    { ...opts, headers: { 'Tenant-Id': tenantId, [REFRESH_COOKIE_HEADER]: '1', ...opts.headers } },
  );
}
