import type { ChatGroup } from '@portal/contracts/chat';
import { chatHttp } from '../../../lib/http/clients.ts';

/** IM group: the owner sets, changes or (with an empty text) clears the announcement; every member is told over the socket. */
export function setGroupNotice(groupId: string, notice: string): Promise<ChatGroup> {
  return chatHttp.post<ChatGroup>('/group/setNotice', { groupId, notice });
}
