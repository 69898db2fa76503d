import type { UserInfo } from '@portal/contracts/auth';
import type { CallOptions } from '../../../lib/http/client.ts';
import { userHttp } from '../../../lib/http/clients.ts';

/** GET /api/blade-user/user/getUserInfo: the user, role and configurationMenu. */
export function getUserInfo(opts: CallOptions = {}): Promise<UserInfo> {
  return userHttp.get<UserInfo>('/user/getUserInfo', undefined, opts);
}
