import type { ImUserDetail } from '@portal/contracts/messages';
import { platformHttp } from '../../../lib/http/clients.ts';

/** POST app/userList/detail (imWebUserGet): a chat partner with the devices online now. */
export function getImUserDetail(userId: string): Promise<ImUserDetail> {
  return platformHttp.post<ImUserDetail>('/app/userList/detail', { userId }, { silent: true });
}
