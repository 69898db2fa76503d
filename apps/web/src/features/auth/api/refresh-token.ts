import type { TokenResult } from '@portal/contracts/auth';
import { authHttp } from '../../../lib/http/clients.ts';

/** 7.3: POST /api/blade-auth/oauth/token. Query: tenantId, refresh_token, grant_type=refresh_token, scope=all; header Tenant-Id. */
export function refreshToken(refresh: string, tenantId: string): Promise<TokenResult> {
  return authHttp.post<TokenResult>('/oauth/token', undefined, {
    silent: true,
    query: { tenantId, refresh_token: refresh, grant_type: 'refresh_token', scope: 'all' },
    headers: { 'Tenant-Id': tenantId },
  });
}
