import { platformHttp } from '../../../lib/http/clients.ts';

/** POST mpManage/readMessage: one message read by the caller. */
export function readMessage(messageId: string, userId: string): Promise<null> {
  return platformHttp.post<null>('/mpManage/readMessage', { messageId, userId }, { silent: true });
}
