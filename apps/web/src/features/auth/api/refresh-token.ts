import type { TokenResult } from '@portal/contracts/auth';
import { REFRESH_COOKIE_HEADER } from '@portal/contracts/constants';
import { authHttp } from '../../../lib/http/clients.ts';

/**
 * 7.3: POST /api/blade-auth/oauth/token. Query: tenantId, grant_type=refresh_token, scope=all; header Tenant-Id.
 * The refresh token itself goes in the form body, not the query the spec names: a URL reaches proxy and access
 * logs (issue 11). The server, like BladeX's, reads the fields from the query or the form alike.
 */
export function refreshToken(refresh: string | null, tenantId: string): Promise<TokenResult> {
  // Without a token in hand the browser's HttpOnly refresh cookie (path-scoped to this call) is the refresh token;
  // the cookie-only header asks the server to leave it out of the answer (ADR 0027).
  return authHttp.post<TokenResult>('/oauth/token', refresh ? { refresh_token: refresh } : {}, {
    silent: true,
    form: true,
    query: { tenantId, grant_type: 'refresh_token', scope: 'all' },
    headers: { 'Tenant-Id': tenantId, [REFRESH_COOKIE_HEADER]: '1' },
  });
}
