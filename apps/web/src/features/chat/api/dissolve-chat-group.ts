import { chatHttp } from '../../../lib/http/clients.ts';

/** IM group: the owner dissolves the group; it leaves every member's list. */
export function dissolveChatGroup(groupId: string): Promise<null> {
  return chatHttp.post<null>('/group/dissolve', { groupId });
}
