import { chatHttp } from '../../../lib/http/clients.ts';

/** Marks a conversation read on every device of the user. */
export function readConversation(peerId: string): Promise<{ read: number }> {
  return chatHttp.post<{ read: number }>('/conversation/read', { peerId }, { silent: true });
}
