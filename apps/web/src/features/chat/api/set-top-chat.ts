import { chatHttp } from '../../../lib/http/clients.ts';

/** Pins (openTopChatTime) or unpins a conversation. */
export function setTopChat(peerId: string, top: boolean): Promise<null> {
  return chatHttp.post<null>('/conversation/top', { peerId, top });
}
