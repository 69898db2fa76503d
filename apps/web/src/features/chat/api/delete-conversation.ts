import { chatHttp } from '../../../lib/http/clients.ts';

/** IM "delete": removes a conversation for the caller only (the other side keeps it). */
export function deleteConversation(peerId: string): Promise<null> {
  return chatHttp.post<null>('/conversation/delete', { peerId });
}
