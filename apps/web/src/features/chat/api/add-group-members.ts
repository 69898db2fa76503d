import { chatHttp } from '../../../lib/http/clients.ts';

/** IM group: the owner adds people of the tenant. */
export function addGroupMembers(groupId: string, memberIds: string[]): Promise<null> {
  return chatHttp.post<null>('/group/addMembers', { groupId, memberIds });
}
