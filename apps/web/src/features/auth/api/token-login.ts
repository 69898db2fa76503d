import type { TokenLoginResult } from '@portal/contracts/auth';
import type { CallOptions } from '../../../lib/http/client.ts';
import { workbenchHttp } from '../../../lib/http/clients.ts';

/** 7.3: POST auth/tokenLogin (headers access-token and refresh-token). A status other than 1000 shows the server message. */
export function tokenLogin(accessToken: string, refresh: string, opts: CallOptions = {}): Promise<TokenLoginResult> {
  return workbenchHttp.post<TokenLoginResult>(
    '/auth/tokenLogin',
    {},
    { ...opts, headers: { 'access-token': accessToken, 'refresh-token': refresh } },
  );
}
