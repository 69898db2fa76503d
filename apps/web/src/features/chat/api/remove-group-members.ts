import { chatHttp } from '../../../lib/http/clients.ts';

/** IM group: the owner removes members (they keep what they received before). */
export function removeGroupMembers(groupId: string, memberIds: string[]): Promise<null> {
  return chatHttp.post<null>('/group/removeMembers', { groupId, memberIds });
}
