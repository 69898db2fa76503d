import type { ChatGroup } from '@portal/contracts/chat';
import { chatHttp } from '../../../lib/http/clients.ts';

/** IM group: the owner hands the group over to another member and becomes a plain member. */
export function transferGroupOwner(groupId: string, userId: string): Promise<ChatGroup> {
  return chatHttp.post<ChatGroup>('/group/transferOwner', { groupId, userId });
}
