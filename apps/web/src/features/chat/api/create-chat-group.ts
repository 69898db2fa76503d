import type { ChatGroup } from '@portal/contracts/chat';
import { chatHttp } from '../../../lib/http/clients.ts';

/** IM group creation: a group with members of the same tenant (group messages are toUserType 2). */
export function createChatGroup(input: { name: string; memberIds: string[] }): Promise<ChatGroup> {
  return chatHttp.post<ChatGroup>('/group/create', input);
}
