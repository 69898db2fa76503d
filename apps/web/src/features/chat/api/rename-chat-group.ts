import type { ChatGroup } from '@portal/contracts/chat';
import { chatHttp } from '../../../lib/http/clients.ts';

/** IM group: the owner renames the group (every member's list follows over the socket). */
export function renameChatGroup(groupId: string, name: string): Promise<ChatGroup> {
  return chatHttp.post<ChatGroup>('/group/rename', { groupId, name });
}
